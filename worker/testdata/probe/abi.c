// abi enters the kernel through one system call ABI and prints
// "<mode> ret=<n>" (the raw return, a negative errno on failure) on
// stdout. It is static and uses no C library, so the only system calls it
// makes are its own: write and exit through the native (x86-64) gate, and
// the call under test. Built by the tests with:
//
//	cc -static -nostdlib -ffreestanding -fno-stack-protector -O1 -o abi abi.c
//
// Modes (x86-64 only):
//
//	native-getpid        getpid through syscall (the control)
//	native-io_uring_setup io_uring_setup through syscall
//	x32-io_uring_setup   io_uring_setup through syscall, x32 numbering
//	i386-getpid          getpid through the i386 gate, int $0x80
//	i386-io_uring_setup  io_uring_setup through int $0x80
//	i386-clone3          clone3 through int $0x80
//	i386-setns           setns through int $0x80
#if !defined(__x86_64__)
#error "abi.c probes the x86-64 kernel's i386 and x32 entry points"
#endif

__asm__(".globl _start\n"
        "_start:\n"
        "  mov %rsp, %rdi\n"
        "  and $-16, %rsp\n"
        "  call probe_main\n"
        "  hlt\n");

static long sys64(long n, long a, long b, long c) {
	long r;
	__asm__ volatile("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b), "d"(c) : "rcx", "r11", "memory");
	return r;
}

static long sys32(long n, long a, long b) {
	long r;
	__asm__ volatile("int $0x80" : "=a"(r) : "a"(n), "b"(a), "c"(b) : "r8", "r9", "r10", "r11", "memory");
	return r;
}

enum {
	nr64_write = 1,
	nr64_getpid = 39,
	nr64_exit_group = 231,
	nr64_io_uring_setup = 425,
	x32_bit = 0x40000000,
	nr32_getpid = 20,
	nr32_setns = 346,
	nr32_io_uring_setup = 425,
	nr32_clone3 = 435,
};

static int eq(const char *a, const char *b) {
	while (*a && *a == *b) a++, b++;
	return *a == *b;
}

static long slen(const char *s) {
	long n = 0;
	while (s[n]) n++;
	return n;
}

static void put(const char *s) { sys64(nr64_write, 1, (long)s, slen(s)); }

static void putnum(long v) {
	char buf[24], *p = buf + sizeof buf - 1;
	unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;
	*p = 0;
	do *--p = (char)('0' + u % 10); while (u /= 10);
	if (v < 0) *--p = '-';
	put(p);
}

void probe_main(long *sp) {
	long argc = sp[0];
	char **argv = (char **)(sp + 1);
	long r, code = 0;
	if (argc < 2) sys64(nr64_exit_group, 2, 0, 0);
	const char *m = argv[1];
	put(m);
	put(" start\n");
	if (eq(m, "native-getpid")) r = sys64(nr64_getpid, 0, 0, 0);
	else if (eq(m, "native-io_uring_setup")) r = sys64(nr64_io_uring_setup, 4, 0, 0);
	else if (eq(m, "x32-io_uring_setup")) r = sys64(x32_bit | nr64_io_uring_setup, 4, 0, 0);
	else if (eq(m, "i386-getpid")) r = sys32(nr32_getpid, 0, 0);
	else if (eq(m, "i386-io_uring_setup")) r = sys32(nr32_io_uring_setup, 4, 0);
	else if (eq(m, "i386-clone3")) r = sys32(nr32_clone3, 0, 0);
	else if (eq(m, "i386-setns")) r = sys32(nr32_setns, -1, 0);
	else r = 0, code = 2;
	put(m);
	put(" ret=");
	putnum(r);
	put("\n");
	sys64(nr64_exit_group, code, 0, 0);
}

// preload is the escape of issue 15 as a shared object: loaded through
// LD_PRELOAD, its constructor reports who it runs as and tries to remount
// its read-only directory read-write, write a marker there, and make a
// device node. Built by the tests with cc -shared -fPIC.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

__attribute__((constructor)) static void escape(void) {
	const char *dir = getenv("ESCAPE_DIR");
	char cap[64] = "?", line[256], exe[256] = "", path[512];
	FILE *f = fopen("/proc/self/status", "r");
	if (f) {
		while (fgets(line, sizeof line, f))
			if (!strncmp(line, "CapEff:", 7)) sscanf(line + 7, "%63s", cap);
		fclose(f);
	}
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) exe[n] = 0;
	int remount = -1, write_ok = -1, mk = -1;
	if (dir) {
		remount = mount(NULL, dir, NULL, MS_REMOUNT | MS_BIND, NULL);
		snprintf(path, sizeof path, "%s/ESCAPED", dir);
		int fd = open(path, O_CREAT | O_WRONLY, 0644);
		if (fd >= 0) {
			write_ok = (int)write(fd, "escaped\n", 8);
			close(fd);
		}
	}
	mk = mknod("/tmp/escape-null", S_IFCHR | 0666, makedev(1, 3));
	fprintf(stderr, "ESCAPE exe=%s uid=%d euid=%d capeff=%s remount=%d write=%d mknod=%d\n",
		exe, (int)getuid(), (int)geteuid(), cap, remount, write_ok, mk);
}

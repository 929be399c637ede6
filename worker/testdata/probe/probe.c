// probe tries one thing a sandboxed server must not be able to do and
// prints "<what> ret=<n> errno=<n>" on stdout. Built by the tests with cc.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

static void *thread_main(void *arg) { return arg; }

int main(int argc, char **argv) {
	if (argc < 2) return 2;
	const char *what = argv[1];
	long r = -1;
	errno = 0;
	if (!strcmp(what, "unshare-user")) {
		r = unshare(CLONE_NEWUSER);
	} else if (!strcmp(what, "clone-user")) {
		r = syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0);
		if (r == 0) _exit(0);
		if (r > 0) waitpid((pid_t)r, NULL, 0);
	} else if (!strcmp(what, "setns")) {
		int fd = open("/proc/self/ns/user", O_RDONLY);
		r = setns(fd, CLONE_NEWUSER);
	} else if (!strcmp(what, "io_uring_setup")) {
		char params[120];
		memset(params, 0, sizeof params);
		r = syscall(SYS_io_uring_setup, 4, params);
	} else if (!strcmp(what, "thread")) {
		pthread_t t;
		int e = pthread_create(&t, NULL, thread_main, NULL);
		if (e == 0) e = pthread_join(t, NULL);
		r = e == 0 ? 0 : -1;
		errno = e;
	} else if (!strcmp(what, "fork")) {
		r = fork();
		if (r == 0) _exit(0);
		if (r > 0) { waitpid((pid_t)r, NULL, 0); r = 0; }
	} else if (!strcmp(what, "connect") && argc > 2) {
		int s = socket(AF_UNIX, SOCK_STREAM, 0);
		struct sockaddr_un a;
		memset(&a, 0, sizeof a);
		a.sun_family = AF_UNIX;
		strncpy(a.sun_path, argv[2], sizeof a.sun_path - 1);
		r = connect(s, (struct sockaddr *)&a, sizeof a);
	} else {
		return 2;
	}
	printf("%s ret=%ld errno=%d\n", what, r < 0 ? -1L : r > 0 ? 1L : 0L, r < 0 ? errno : 0);
	return 0;
}

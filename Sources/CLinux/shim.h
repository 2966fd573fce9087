#ifndef RESETT_CLINUX_SHIM_H
#define RESETT_CLINUX_SHIM_H
// Linux calls that Swift's Glibc module does not bring in: epoll, eventfd and accept4.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

// accept4 is declared by glibc only under _GNU_SOURCE, which the Glibc module is not built with.
extern int accept4(int fd, struct sockaddr *addr, socklen_t *addrlen, int flags);
// The calling thread's id (for lowering one thread's priority with setpriority), likewise _GNU_SOURCE only.
extern pid_t gettid(void);
#endif

/*
 * The `trtexec` and `nvidia-smi` a test run installs: a client of the stand-in server (standin-server.mjs,
 * which says why and gives the protocol). It sends this process's argv, environment, working folder and pid, then does
 * what the server replies: writes to stdout or stderr, forks an idle child, ignores SIGTERM, dies by a
 * signal, or exits. Killed, it closes the socket, and the server stops the call.
 *
 * Built by test/support/global-setup.ts with the machine's C compiler: cc -O2 -o CLIENT this-file.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

extern char **environ;

static char *request;
static size_t used, capacity;

static void append(const char *text) {
  size_t length = strlen(text) + 1;
  if (used + length > capacity) {
    capacity = (used + length) * 2;
    request = realloc(request, capacity);
    if (!request) exit(70);
  }
  memcpy(request + used, text, length);
  used += length;
}

static int write_all(int fd, const char *bytes, size_t length) {
  while (length > 0) {
    ssize_t n = write(fd, bytes, length);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    bytes += n;
    length -= (size_t)n;
  }
  return 0;
}

/* 1 when all was read, 0 at the end of the stream. */
static int read_all(int fd, char *bytes, size_t length) {
  while (length > 0) {
    ssize_t n = read(fd, bytes, length);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return 0;
    bytes += n;
    length -= (size_t)n;
  }
  return 1;
}

static void fork_idle_child(const char *pid_file, int escape) {
  pid_t child = fork();
  if (child == 0) {
    /* escape: a session of its own (setsid), out of the process group trt-ci kills. */
    if (escape) setsid();
    /* As a child spawned with stdio 'ignore': it holds none of its parent's pipes or the socket. */
    int null = open("/dev/null", O_RDWR);
    for (int fd = 0; fd < 1024; fd++)
      if (fd != null) close(fd);
    dup2(null, 0);
    dup2(null, 1);
    dup2(null, 2);
    for (;;) pause();
  }
  if (child > 0 && pid_file[0]) {
    int fd = open(pid_file, O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (fd >= 0) {
      dprintf(fd, "%d\n", (int)child);
      close(fd);
    }
  }
}

int main(int argc, char **argv) {
  const char *path = getenv("STANDIN_SERVER");
  struct sockaddr_un address = {.sun_family = AF_UNIX};
  if (!path || strlen(path) >= sizeof address.sun_path) {
    fputs("stand-in client: STANDIN_SERVER is not a socket path\n", stderr);
    return 70;
  }
  strcpy(address.sun_path, path);
  int server = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (server < 0 || connect(server, (struct sockaddr *)&address, sizeof address) != 0) {
    fprintf(stderr, "stand-in client: cannot reach the server at %s: %s\n", path, strerror(errno));
    return 70;
  }
  char number[32];
  char cwd[4096];
  snprintf(number, sizeof number, "%d", (int)getpid());
  append(number);
  append(getcwd(cwd, sizeof cwd) ? cwd : "/");
  snprintf(number, sizeof number, "%d", argc - 1);
  append(number);
  for (int i = 1; i < argc; i++) append(argv[i]);
  for (char **entry = environ; *entry; entry++) append(*entry);
  uint32_t length = (uint32_t)used;
  if (write_all(server, (const char *)&length, 4) != 0 || write_all(server, request, used) != 0) return 70;

  char *payload = NULL;
  size_t payload_capacity = 0;
  for (;;) {
    unsigned char head[5];
    if (!read_all(server, (char *)head, 5)) {
      fputs("stand-in client: the server went away\n", stderr);
      return 70;
    }
    uint32_t size = (uint32_t)head[1] | (uint32_t)head[2] << 8 | (uint32_t)head[3] << 16 | (uint32_t)head[4] << 24;
    if (size + 1 > payload_capacity) {
      payload_capacity = size + 1;
      payload = realloc(payload, payload_capacity);
      if (!payload) return 70;
    }
    if (!read_all(server, payload, size)) {
      fputs("stand-in client: the server went away\n", stderr);
      return 70;
    }
    payload[size] = '\0';
    switch (head[0]) {
      case 'o':
        if (write_all(1, payload, size) != 0) return 1;
        break;
      case 'e':
        write_all(2, payload, size);
        break;
      case 'c':
        fork_idle_child(payload, 0);
        break;
      case 's':
        fork_idle_child(payload, 1);
        break;
      case 'i':
        signal(SIGTERM, SIG_IGN);
        break;
      case 'k':
        signal(atoi(payload), SIG_DFL);
        raise(atoi(payload));
        break;
      case 'x':
        return atoi(payload);
      default:
        return 70;
    }
  }
}

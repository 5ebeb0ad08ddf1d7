// socket_floor: the least CPU a keep-alive server can spend per small request on this machine.
//
//   cc -O2 -o socket_floor socket_floor.c && ./socket_floor PORT BODY_FILE
//
// NOT an HTTP server. For every readable connection it makes one recv() and answers with one
// send() of a response built once at start (status line, the headers nginx sends, BODY_FILE):
// no parsing, no routing, no date, no logging. One thread, level-triggered epoll, like nginx
// with one worker. bench-server.sh runs it beside mockserver and nginx in the CPU-per-request
// table: what the kernel's loopback TCP path costs per request, which every server pays, and
// therefore the largest "nginx / server" ratio any server can reach here (BENCHMARKS.md).
// It only works for clients that send one small request at a time per connection (wrk, curl).
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

enum { BODY_LIMIT = 1 << 20, HEAD_LIMIT = 512 };

static char response[BODY_LIMIT + HEAD_LIMIT];

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: socket_floor PORT BODY_FILE\n");
    return 64;
  }
  char *end = NULL;
  long port = strtol(argv[1], &end, 10);
  if (*argv[1] == '\0' || *end != '\0' || port < 1 || port > 65535) {
    fprintf(stderr, "socket_floor: PORT must be 1-65535, got '%s'\n", argv[1]);
    return 64;
  }
  FILE *file = fopen(argv[2], "rb");
  if (file == NULL) {
    fprintf(stderr, "socket_floor: cannot read the body file %s: %s\n", argv[2], strerror(errno));
    return 66;
  }
  static char body[BODY_LIMIT];
  size_t body_size = fread(body, 1, sizeof body, file);
  int truncated = !feof(file);
  fclose(file);
  if (truncated) {
    fprintf(stderr, "socket_floor: %s is larger than %d bytes\n", argv[2], BODY_LIMIT);
    return 65;
  }
  int head = snprintf(response, HEAD_LIMIT,
                      "HTTP/1.1 200 OK\r\nServer: socket_floor\r\nDate: Mon, 23 Nov 2026 19:00:00 GMT\r\n"
                      "Content-Type: application/json\r\nContent-Length: %zu\r\nConnection: keep-alive\r\n\r\n",
                      body_size);
  memcpy(response + head, body, body_size);
  size_t response_size = (size_t)head + body_size;

  int one = 1;
  int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
  inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
  if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 1024) != 0) {
    fprintf(stderr, "socket_floor: cannot listen on 127.0.0.1:%ld: %s\n", port, strerror(errno));
    return 71;
  }
  int poller = epoll_create1(0);
  struct epoll_event listening = {.events = EPOLLIN, .data.fd = listener};
  epoll_ctl(poller, EPOLL_CTL_ADD, listener, &listening);
  printf("listening on http://127.0.0.1:%ld\n", port);
  fflush(stdout);

  struct epoll_event ready[512];
  static char request[16384];
  for (;;) {
    int count = epoll_wait(poller, ready, 512, -1);
    if (count < 0 && errno != EINTR) {
      perror("socket_floor: epoll_wait");
      return 71;
    }
    for (int index = 0; index < count; index++) {
      int descriptor = ready[index].data.fd;
      if (descriptor == listener) {
        int client;
        while ((client = accept4(listener, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
          setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
          struct epoll_event readable = {.events = EPOLLIN, .data.fd = client};
          epoll_ctl(poller, EPOLL_CTL_ADD, client, &readable);
        }
        continue;
      }
      ssize_t received = recv(descriptor, request, sizeof request, 0);
      if (received == 0 || (received < 0 && errno != EAGAIN)) {
        close(descriptor);  // also leaves the epoll set
      } else if (received > 0 && send(descriptor, response, response_size, MSG_NOSIGNAL) < 0) {
        close(descriptor);
      }
    }
  }
}

#pragma once
// The only file that calls MPI for messages: one process's end of the conversation between
// rank 0 and the worker ranks. Sends never block (MPI_Isend; the bytes are kept until MPI is
// done with them), so two ranks sending large messages to each other at the same moment cannot
// deadlock; receives poll (MPI_Iprobe), so a waiting rank sleeps instead of spinning a core its
// engines need. Use a Channel from one thread at a time (MPI_THREAD_SERIALIZED).

#include <mpi.h>

#include <chrono>
#include <list>
#include <optional>
#include <string>

#include "evolution/mpi/messages.h"

namespace mf::mpi {

struct Message {
    int source = 0;
    Tag tag = Tag::Shutdown;
    std::string bytes;
};

class Channel {
public:
    Channel() = default;
    ~Channel();  // waits for sends in progress
    Channel(const Channel&) = delete;
    Channel& operator=(const Channel&) = delete;

    void send(int destination, Tag tag, std::string bytes);
    // A message that has arrived, from `source` (MPI_ANY_SOURCE: any), or nullopt at once.
    std::optional<Message> poll(int source = MPI_ANY_SOURCE);
    // Polls until a message arrives or `timeout` passes, sleeping `pause` between polls.
    std::optional<Message> wait(std::chrono::milliseconds timeout, int source = MPI_ANY_SOURCE,
                                std::chrono::microseconds pause = std::chrono::microseconds(100));
    // Frees the buffers of completed sends; call now and then.
    void progress();
    // Blocks until every send has completed.
    void flush();

private:
    struct Outgoing {
        std::string bytes;
        MPI_Request request = MPI_REQUEST_NULL;
    };
    std::list<Outgoing> sending_;  // std::list: the buffers must not move while MPI holds them
};

// MPI_Init_thread with MPI_THREAD_SERIALIZED; an error when the library offers less.
Result<void> initialise(int* argc, char*** argv);
void finalise();
int rank();
int size();

}  // namespace mf::mpi

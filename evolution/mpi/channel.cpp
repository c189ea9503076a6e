#include "evolution/mpi/channel.h"

#include <thread>

namespace mf::mpi {

Channel::~Channel() { flush(); }

void Channel::send(int destination, Tag tag, std::string bytes) {
    sending_.push_back({std::move(bytes), MPI_REQUEST_NULL});
    Outgoing& out = sending_.back();
    MPI_Isend(out.bytes.data(), static_cast<int>(out.bytes.size()), MPI_BYTE, destination, static_cast<int>(tag),
              MPI_COMM_WORLD, &out.request);
    progress();
}

std::optional<Message> Channel::poll(int source) {
    int arrived = 0;
    MPI_Status status;
    MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status);
    if (!arrived) return std::nullopt;
    int count = 0;
    MPI_Get_count(&status, MPI_BYTE, &count);
    Message message;
    message.source = status.MPI_SOURCE;
    message.tag = static_cast<Tag>(status.MPI_TAG);
    message.bytes.resize(static_cast<std::size_t>(count));
    MPI_Recv(message.bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return message;
}

std::optional<Message> Channel::wait(std::chrono::milliseconds timeout, int source, std::chrono::microseconds pause) {
    const auto until = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        if (auto message = poll(source)) return message;
        progress();
        if (std::chrono::steady_clock::now() >= until) return std::nullopt;
        std::this_thread::sleep_for(pause);
    }
}

void Channel::progress() {
    for (auto it = sending_.begin(); it != sending_.end();) {
        int done = 0;
        MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
        it = done ? sending_.erase(it) : std::next(it);
    }
}

void Channel::flush() {
    for (auto& out : sending_) MPI_Wait(&out.request, MPI_STATUS_IGNORE);
    sending_.clear();
}

Result<void> initialise(int* argc, char*** argv) {
    int provided = 0;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS)
        return Error{"MPI_Init_thread failed"};
    if (provided < MPI_THREAD_SERIALIZED) {
        MPI_Finalize();
        return Error{"the MPI library does not offer MPI_THREAD_SERIALIZED (rank 0 talks to the workers from a "
                     "thread of its own)"};
    }
    return {};
}

void finalise() { MPI_Finalize(); }

int rank() {
    int value = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &value);
    return value;
}

int size() {
    int value = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &value);
    return value;
}

}  // namespace mf::mpi

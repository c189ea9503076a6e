#include "evolution/ga/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace mf::ga {

namespace {

std::string failure(const char* what, int error) { return std::string(what) + std::strerror(error); }

// Writes all of `text` to `fd`, stopping once half-way for `pause` when it is positive.
std::optional<std::string> writeAll(int fd, std::string_view text, std::chrono::milliseconds pause) {
    std::size_t written = 0;
    bool paused = pause.count() <= 0;
    while (written < text.size()) {
        if (!paused && written >= text.size() / 2) {
            paused = true;
            ::fsync(fd);
            std::this_thread::sleep_for(pause);
        }
        const std::size_t chunk = paused ? text.size() - written : text.size() / 2 - written;
        const ssize_t n = ::write(fd, text.data() + written, chunk);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return failure("cannot write: ", errno);
        }
        written += static_cast<std::size_t>(n);
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> writeFileAtomically(const std::filesystem::path& file, std::string_view text,
                                               std::chrono::milliseconds pauseHalfWay) {
    std::string temporary = file.string() + ".tmp-XXXXXX";
    const int fd = ::mkostemp(temporary.data(), O_CLOEXEC);
    if (fd < 0)
        return failure("cannot create temporary file: ", errno);
    ::fchmod(fd, 0644);  // mkostemp creates 0600; the result is an ordinary file
    if (auto error = writeAll(fd, text, pauseHalfWay)) {
        ::close(fd);
        ::unlink(temporary.c_str());
        return error;
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const int err = errno;
        ::unlink(temporary.c_str());
        return failure("cannot flush: ", err);
    }
    if (::rename(temporary.c_str(), file.c_str()) != 0) {
        const int err = errno;
        ::unlink(temporary.c_str());
        return failure("cannot replace the file: ", err);
    }
    return std::nullopt;
}

} // namespace mf::ga

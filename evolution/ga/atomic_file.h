#pragma once
// Replacing a file so that a crash at any moment leaves either the old file or the new one,
// never half of one: the text goes to a temporary file beside the target, is flushed to disk,
// and is renamed over the target (rename is atomic within a file system).
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace mf::ga {

// Writes `text` to `file` atomically; the reason when it cannot ("cannot write: ..."), and then
// `file` is as it was and no temporary file is left. The temporary name is unique per call, not
// just per process, so two threads may save to the same file.
// `pauseHalfWay` > 0 stops the write half-way (flushed) for that long: the kill-and-resume tests
// use it to kill a process while its temporary file is half-written.
std::optional<std::string> writeFileAtomically(const std::filesystem::path& file, std::string_view text,
                                               std::chrono::milliseconds pauseHalfWay = std::chrono::milliseconds(0));

} // namespace mf::ga

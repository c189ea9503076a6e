#pragma once
// Fingerprints that tell whether two ranks run the same programs: a digest of an executable's
// bytes (FNV-1a, 64 bits, with the size), the program a command name resolves to, this host's
// name. A mismatched engine or matefind-cli build on one host is found before any work is sent.

#include <filesystem>
#include <string>

namespace mf::wire {

// "<size>:<16 hex digits>", or "" when the file cannot be read.
std::string fileDigest(const std::filesystem::path& file);

// `program` as the engine process will start it: a path with a '/' as it is, a bare name looked
// up in PATH. Empty when nothing is found.
std::filesystem::path resolveProgram(const std::filesystem::path& program);

// This process's own executable (/proc/self/exe).
std::filesystem::path ownExecutable();

std::string hostName();

}  // namespace mf::wire

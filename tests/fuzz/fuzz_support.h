#pragma once
// What every fuzz target shares: the input as text, split into lines, and a property check that
// stops the fuzzer with a message (abort() is what libFuzzer records as a crash, with the input).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace mf::fuzz {

inline std::string_view asText(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

inline std::vector<std::string_view> lines(std::string_view text) {
    std::vector<std::string_view> out;
    while (!text.empty()) {
        const auto end = text.find('\n');
        out.push_back(text.substr(0, end));
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return out;
}

// A broken property is a finding: print what was expected and what came, then abort.
inline void require(bool holds, std::string_view what, std::string_view detail = {}) {
    if (holds) return;
    // fwrite, not %s: the detail may hold NUL bytes from the input.
    std::fprintf(stderr, "property broken: %.*s\n", static_cast<int>(what.size()), what.data());
    std::fwrite(detail.data(), 1, detail.size(), stderr);
    std::fputc('\n', stderr);
    std::abort();
}

}  // namespace mf::fuzz

#pragma once
// The byte format of everything rank 0 and the worker ranks tell each other: plain values
// written field by field in a fixed order, little-endian fixed-width integers, strings and
// vectors prefixed by their length. No MPI here, so the format is tested on machines without it.
//
// A Reader never trusts the bytes: a length beyond the end, a bad enum or trailing garbage
// makes it fail with a message naming the field, instead of reading out of bounds.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mf::wire {

class Writer {
public:
    void u8(std::uint8_t value) { bytes_.push_back(static_cast<char>(value)); }
    void u64(std::uint64_t value);
    void i64(std::int64_t value) { u64(static_cast<std::uint64_t>(value)); }
    void f64(double value);
    void boolean(bool value) { u8(value ? 1 : 0); }
    void string(std::string_view value);
    void strings(const std::vector<std::string>& values);

    const std::string& bytes() const { return bytes_; }
    std::string take() { return std::move(bytes_); }

private:
    std::string bytes_;
};

class Reader {
public:
    explicit Reader(std::string_view bytes) : bytes_(bytes) {}

    // Each returns a zero value once the reader has failed; check ok() at the end.
    std::uint8_t u8(std::string_view field);
    std::uint64_t u64(std::string_view field);
    std::int64_t i64(std::string_view field) { return static_cast<std::int64_t>(u64(field)); }
    int i32(std::string_view field);  // an i64 that must fit an int
    double f64(std::string_view field);
    bool boolean(std::string_view field);
    std::string string(std::string_view field);
    std::vector<std::string> strings(std::string_view field);
    // A count of elements that follow, each at least `minElementBytes` long: a count the rest
    // of the message cannot hold fails here, before anything is allocated.
    std::size_t count(std::string_view field, std::size_t minElementBytes = 1);
    // An enum stored as u8, at most `last`.
    template <typename Enum>
    Enum enumeration(std::string_view field, Enum last) {
        const std::uint8_t raw = u8(field);
        if (raw > static_cast<std::uint8_t>(last)) fail(field, "value " + std::to_string(raw) + " out of range");
        return ok() ? static_cast<Enum>(raw) : Enum{};
    }

    // Fails unless every byte was read (called by the message decoders at the end).
    void expectEnd(std::string_view message);
    void fail(std::string_view field, const std::string& why);
    bool ok() const { return !error_; }
    // "field: why" of the first failure.
    const std::optional<std::string>& error() const { return error_; }

private:
    bool need(std::size_t n, std::string_view field);

    std::string_view bytes_;
    std::size_t at_ = 0;
    std::optional<std::string> error_;
};

}  // namespace mf::wire

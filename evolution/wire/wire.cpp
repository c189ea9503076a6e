#include "evolution/wire/wire.h"

#include <bit>
#include <cstring>

namespace mf::wire {

void Writer::u64(std::uint64_t value) {
    for (int i = 0; i < 8; ++i) bytes_.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

void Writer::f64(double value) { u64(std::bit_cast<std::uint64_t>(value)); }

void Writer::string(std::string_view value) {
    u64(value.size());
    bytes_.append(value);
}

void Writer::strings(const std::vector<std::string>& values) {
    u64(values.size());
    for (const auto& value : values) string(value);
}

void Reader::fail(std::string_view field, const std::string& why) {
    if (!error_) error_ = std::string(field) + ": " + why;
}

bool Reader::need(std::size_t n, std::string_view field) {
    if (error_) return false;
    if (bytes_.size() - at_ < n) {
        fail(field, "message ends early (" + std::to_string(n) + " bytes needed, " +
                        std::to_string(bytes_.size() - at_) + " left)");
        return false;
    }
    return true;
}

std::uint8_t Reader::u8(std::string_view field) {
    if (!need(1, field)) return 0;
    return static_cast<std::uint8_t>(bytes_[at_++]);
}

std::uint64_t Reader::u64(std::string_view field) {
    if (!need(8, field)) return 0;
    std::uint64_t value = 0;
    for (int i = 0; i < 8; ++i) value |= std::uint64_t{static_cast<std::uint8_t>(bytes_[at_ + i])} << (8 * i);
    at_ += 8;
    return value;
}

int Reader::i32(std::string_view field) {
    const std::int64_t value = i64(field);
    if (value < INT32_MIN || value > INT32_MAX) {
        fail(field, "value " + std::to_string(value) + " does not fit an int");
        return 0;
    }
    return static_cast<int>(value);
}

double Reader::f64(std::string_view field) { return std::bit_cast<double>(u64(field)); }

bool Reader::boolean(std::string_view field) {
    const std::uint8_t raw = u8(field);
    if (raw > 1) fail(field, "not a boolean (" + std::to_string(raw) + ")");
    return raw == 1;
}

std::size_t Reader::count(std::string_view field, std::size_t minElementBytes) {
    const std::uint64_t n = u64(field);
    if (error_) return 0;
    const std::size_t left = bytes_.size() - at_;
    if (minElementBytes > 0 && n > left / minElementBytes) {
        fail(field, "length " + std::to_string(n) + " exceeds the message");
        return 0;
    }
    return static_cast<std::size_t>(n);
}

std::string Reader::string(std::string_view field) {
    const std::size_t n = count(field, 1);
    if (!need(n, field)) return {};
    std::string value(bytes_.substr(at_, n));
    at_ += n;
    return value;
}

std::vector<std::string> Reader::strings(std::string_view field) {
    const std::size_t n = count(field, 8);  // each string has at least its length
    std::vector<std::string> values;
    values.reserve(n);
    for (std::size_t i = 0; i < n && ok(); ++i) values.push_back(string(field));
    return values;
}

void Reader::expectEnd(std::string_view message) {
    if (!error_ && at_ != bytes_.size())
        fail(message, std::to_string(bytes_.size() - at_) + " unexpected bytes after the end");
}

}  // namespace mf::wire

#pragma once
// A load or parse error that says where the problem is: file, line (text files) or JSON path,
// and why. Parsers in this library return these instead of throwing or crashing.
#include <string>
#include <utility>
#include <variant>

namespace mf::ga {

struct Error {
    std::string file;    // empty when the input did not come from a file
    int line = 0;        // 1-based; 0 when not applicable
    std::string field;   // JSON path ("terms[3].bits"), key name ("p_m") or empty
    std::string reason;

    // "file:line: field: reason", leaving out the parts that are empty.
    std::string message() const;
};

// Either a value or an Error (std::expected is C++23; this is the small part of it we need).
template <class T>
class Result {
public:
    Result(T value) : data_(std::move(value)) {}
    Result(Error error) : data_(std::move(error)) {}

    bool ok() const { return data_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() { return std::get<0>(data_); }
    const T& value() const { return std::get<0>(data_); }
    T& operator*() { return value(); }
    const T& operator*() const { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    const Error& error() const { return std::get<1>(data_); }

private:
    std::variant<T, Error> data_;
};

} // namespace mf::ga

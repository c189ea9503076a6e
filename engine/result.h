// A value or an error message. Parsers return these instead of throwing: bad input is a normal
// outcome, and the message says what is wrong and where (field name, character column; for a
// file, errorAt keeps the file, line and field apart as well, for callers that point at them).
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace mf {

struct Error {
    std::string message;  // the whole text shown to the user
    // Where, for an error made by errorAt: the file (empty when the input is no file), the 1-based
    // line (0 when it does not apply), the field (a key, a JSON path, or empty) and the bare reason.
    std::string file;
    int line = 0;
    std::string field;
    std::string reason;
};

// An error at a place: its message is "file:line: field: reason" without the empty parts ("line
// N: " when there is a line but no file).
inline Error errorAt(std::string file, int line, std::string field, std::string reason) {
    std::string message;
    if (!file.empty()) {
        message += file;
        if (line > 0) message += ':' + std::to_string(line);
        message += ": ";
    } else if (line > 0) {
        message += "line " + std::to_string(line) + ": ";
    }
    if (!field.empty()) message += field + ": ";
    message += reason;
    return Error{std::move(message), std::move(file), line, std::move(field), std::move(reason)};
}

template<class T>
class Result {
public:
    Result(T value) : data_(std::in_place_index<0>, std::move(value)) {}
    Result(Error error) : data_(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return data_.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & { assert(ok()); return std::get<0>(data_); }
    const T& value() const& { assert(ok()); return std::get<0>(data_); }
    T&& value() && { assert(ok()); return std::get<0>(std::move(data_)); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T&& operator*() && { return std::move(*this).value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    const Error& error() const { assert(!ok()); return std::get<1>(data_); }

private:
    std::variant<T, Error> data_;
};

template<>
class Result<void> {
public:
    Result() = default;
    Result(Error error) : error_(std::move(error)) {}

    bool ok() const { return !error_; }
    explicit operator bool() const { return ok(); }
    const Error& error() const { assert(!ok()); return *error_; }

private:
    std::optional<Error> error_;
};

} // namespace mf

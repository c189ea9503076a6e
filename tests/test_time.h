#pragma once
// Every time limit in the tests comes from here: how long a test waits for something to happen,
// the timeouts it gives the engines it starts, and (in tests/CMakeLists.txt) ctest's TIMEOUTs.
// Each is written as it holds on an ordinary build and multiplied by one factor, so a slower build
// (the asan preset: MATEFIND_SANITIZE sets the factor to 4) passes without editing any test.
//
// The factor is the build's MATEFIND_TEST_TIME_FACTOR (a CMake cache variable, compiled in by
// linking MateFind::test_time); the environment variable of the same name overrides it for the
// waits inside a test (ctest's TIMEOUTs keep the configured factor).
// Durations a test sets on purpose (an engine told to take 50 ms a ply, a pause of 100 ms before
// a stop) are not limits and stay as written, unless the test needs one to outlast a limit (a
// search that must still run when a stopwatch ends): then it is scaled too, so the relation holds
// at any factor. A message that names a limit names the scaled value (scaledMsText).

#include <chrono>
#include <cstdlib>
#include <string>

#ifndef MATEFIND_TEST_TIME_FACTOR
#error "link the test with MateFind::test_time (it defines MATEFIND_TEST_TIME_FACTOR)"
#endif

namespace mf::test_time {

// The build's factor, or MATEFIND_TEST_TIME_FACTOR from the environment when that is a positive
// integer.
inline int timeFactor() {
    static const int factor = [] {
        if (const char* text = std::getenv("MATEFIND_TEST_TIME_FACTOR")) {
            char* end = nullptr;
            const long value = std::strtol(text, &end, 10);
            if (end != text && *end == '\0' && value > 0 && value <= 1000) return static_cast<int>(value);
        }
        return MATEFIND_TEST_TIME_FACTOR;
    }();
    return factor;
}

// A time limit, scaled: scaled(5s) is 5 s on an ordinary build and 20 s under the asan preset.
template <class Rep, class Period>
std::chrono::milliseconds scaled(std::chrono::duration<Rep, Period> limit) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(limit) * timeFactor();
}

// The same in milliseconds as an int, for QTRY_*_WITH_TIMEOUT and Qt's waitFor* calls.
inline int scaledMs(int milliseconds) { return milliseconds * timeFactor(); }

// scaledMs as text, for messages that name a timeout ("... within the start-up timeout of 1500 ms").
inline std::string scaledMsText(int milliseconds) { return std::to_string(scaledMs(milliseconds)); }

}  // namespace mf::test_time

// Population files (.mfpop): a file that loads, saved again, loads to the same run state; a file
// that does not load gets an error naming the file and a line that exists (or 0 for the whole
// file). Loading must take bounded time on any input (libFuzzer's -timeout catches a hang).
#include <string>

#include "evolution/ga/population_file.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mf::ga;
    namespace fuzz = mf::fuzz;
    const auto text = fuzz::asText(data, size);
    auto state = populationFromText(text, "fuzz.mfpop");
    if (!state) {
        const mf::Error& error = state.error();
        fuzz::require(error.file == "fuzz.mfpop", "a load error names the file", error.message);
        fuzz::require(error.line >= 0 && static_cast<std::size_t>(error.line) <= fuzz::lines(text).size() + 1,
                      "a load error names a line of the file", error.message);
        fuzz::require(!error.reason.empty(), "a load error says why", error.message);
        return 0;
    }
    const std::string written = populationToText(*state);
    auto again = populationFromText(written, "again.mfpop");
    fuzz::require(again.ok(), "a saved population loads again", again ? std::string() : again.error().message + "\n" + written);
    fuzz::require(*again == *state, "a population round trip gives the same state", written);
    return 0;
}

// OpenBench and fishtest tune lines: a genome that loads, written back as lines of the format it
// was read in, loads to the same genome (when every range fits the 16-bit window, else the
// written lines load to a genome that writes the same lines again); a refused text gets an error
// naming the file and saying why, with a line number when a tune line was found.
#include <string>

#include "evolution/ga/spsa_lines.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mf::ga;
    namespace fuzz = mf::fuzz;
    const std::string_view text = fuzz::asText(data, size);
    auto genome = genomeFromSpsaLines(text, "fuzz.txt");
    if (!genome) {
        fuzz::require(genome.error().file == "fuzz.txt", "a tune-line error names the file", genome.error().message);
        fuzz::require(!genome.error().reason.empty(), "a tune-line error says why", genome.error().message);
        fuzz::require(genome.error().line > 0 || !detectSpsaFormat(text), "a tune-line error names the line",
                      genome.error().message);
        return 0;
    }
    const auto format = detectSpsaFormat(text);
    fuzz::require(format.has_value(), "a text that loads has a format");
    const std::string written = spsaLines(*genome, genome->defaults(), *format);
    auto again = genomeFromSpsaLines(written, "again.txt");
    fuzz::require(again.ok(), "written lines load again", again ? std::string() : again.error().message + "\n" + written);
    bool windowsAreRanges = true;
    for (const Term& t : genome->terms())
        windowsAreRanges = windowsAreRanges && t.low() == t.floor && t.ceiling && t.high() == *t.ceiling;
    if (windowsAreRanges)
        fuzz::require(*again == *genome, "a tune-line round trip gives the same genome", written);
    fuzz::require(spsaLines(*again, again->defaults(), *format) == written, "written lines write themselves again", written);
    return 0;
}

// Genome JSON: a genome that loads, written back, loads to the same genome; a refused one gets an
// error naming the file and the JSON field (or the parse position).
#include <string>

#include "evolution/ga/genome.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mf::ga;
    namespace fuzz = mf::fuzz;
    auto genome = genomeFromJson(fuzz::asText(data, size), "fuzz.json");
    if (!genome) {
        fuzz::require(genome.error().file == "fuzz.json", "a genome error names the file", genome.error().message);
        fuzz::require(!genome.error().reason.empty(), "a genome error says why", genome.error().message);
        return 0;
    }
    const std::string written = genomeToJson(*genome);
    auto again = genomeFromJson(written, "again.json");
    fuzz::require(again.ok(), "a written genome loads again", again ? std::string() : again.error().message + "\n" + written);
    fuzz::require(*again == *genome, "a genome round trip gives the same genome", written);
    return 0;
}

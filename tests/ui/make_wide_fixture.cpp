// Writes the wide genome of wide_genome_fixture.h as DIR/wide-genome.json and a run of it as
// DIR/wide-run.mfpop, for looking at the window with hundreds of terms without an engine that has
// them:  make_wide_fixture DIR [GENERATIONS]   then   matefind DIR/wide-run.mfpop
#include "wide_genome_fixture.h"

#include "evolution/ga/population_file.h"

#include <cstdio>
#include <filesystem>
#include <string>

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: make_wide_fixture DIR [GENERATIONS]\n");
        return 2;
    }
    const std::filesystem::path dir = argv[1];
    const int generations = argc > 2 ? std::stoi(argv[2]) : 12;
    std::filesystem::create_directories(dir);
    if (auto error = mf::ga::saveGenome(mf::test::wideGenome(), dir / "wide-genome.json")) {
        std::fprintf(stderr, "%s\n", error->message.c_str());
        return 1;
    }
    if (auto error = mf::ga::savePopulation(mf::test::wideRun(generations), dir / "wide-run.mfpop")) {
        std::fprintf(stderr, "%s\n", error->message.c_str());
        return 1;
    }
    std::printf("%s\n%s\n", (dir / "wide-genome.json").c_str(), (dir / "wide-run.mfpop").c_str());
    return 0;
}

#include "evolution/tuning/settings/fit_rule.h"

#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <vector>

#include "evolution/wire/file_digest.h"

namespace mf::tuning {

namespace {

// Fields joined so that no two lists give the same text: each is its length, ':', itself.
class Canonical {
public:
    Canonical& operator<<(std::string_view field) {
        text_ += std::to_string(field.size()) + ":" + std::string(field) + ";";
        return *this;
    }
    std::string digest() const { return textDigest(text_); }

private:
    std::string text_;
};

// "<size>:<16 hex digits>" of a file's bytes, eight at a time (a multiply-rotate mix, about
// eight times as fast as a byte-wise FNV: an engine with an embedded net is 100 MB); empty when the
// file cannot be read. Only ever compared with itself, so the mix is ours to choose.
std::string contentDigest(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return {};
    constexpr std::uint64_t kMultiplier = 0x9e3779b97f4a7c15ULL;
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    std::uint64_t size = 0;
    std::vector<char> buffer(1 << 16);
    auto mix = [&](std::uint64_t word) { hash = (std::rotl(hash, 23) ^ word) * kMultiplier; };
    while (in) {
        in.read(buffer.data(), std::streamsize(buffer.size()));
        const std::size_t n = static_cast<std::size_t>(in.gcount());
        std::size_t i = 0;
        for (; i + 8 <= n; i += 8) {
            std::uint64_t word;
            std::memcpy(&word, buffer.data() + i, 8);
            mix(word);
        }
        for (; i < n; ++i) mix(static_cast<std::uint8_t>(buffer[i]));
        size += n;
    }
    mix(size);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    return std::to_string(size) + ":" + hex;
}

// A file's bytes; a file that cannot be read gets a digest of its name (so it never equals a
// readable file's), and the run's own loading says why it cannot be read.
std::string fileDigestOrName(const std::filesystem::path& file) {
    std::string digest = contentDigest(file);
    return digest.empty() ? "unreadable-" + textDigest(file.string()) : digest;
}

}  // namespace

FitKey evalfitFitKey(const TuningSettings& settings) {
    FitKey key;
    const std::filesystem::path program = wire::resolveProgram(settings.engine.program);
    Canonical engine;
    engine << fileDigestOrName(program.empty() ? settings.engine.program : program);
    for (const std::string& argument : settings.engine.arguments) engine << argument;
    key.add("engine", engine.digest());

    Canonical options;
    for (const auto& [name, value] : settings.engine.fixedOptions) options << name << value;
    options << dataset::evalfitPathName(settings.of<tuning::EvalfitSettings>().path) << settings.of<tuning::EvalfitSettings>().uciLimit.goCommand();
    key.add("options", options.digest());

    Canonical genome;
    for (const ga::Term& term : settings.genome.terms()) genome << term.option << std::to_string(term.defaultValue);
    key.add("genome", genome.digest());

    key.add("data", fileDigestOrName(settings.of<tuning::EvalfitSettings>().data));
    key.add("heldout", settings.of<tuning::EvalfitSettings>().heldOutData.empty() ? std::string("none")
                                                            : fileDigestOrName(settings.of<tuning::EvalfitSettings>().heldOutData));
    return key;
}

std::string fitPartsInWords(const std::vector<std::string>& parts) {
    auto words = [](const std::string& part) -> std::string {
        if (part == "engine") return "the engine";
        if (part == "options") return "the engine options or scoring path";
        if (part == "genome") return "the genome's terms or defaults";
        if (part == "data") return "the data";
        if (part == "heldout") return "the held-out data";
        return "'" + part + "'";
    };
    std::string text;
    for (std::size_t i = 0; i < parts.size(); ++i)
        text += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + words(parts[i]);
    return text;
}

namespace {

void dropFit(EvalfitSettings& evalfit) {
    evalfit.k.reset();
    evalfit.startError.reset();
    evalfit.heldOutStartError.reset();
    evalfit.fitKey.reset();
}

}  // namespace

FitRuling ruleOnSavedFit(TuningSettings& settings, FitUse use) {
    FitRuling ruling;
    EvalfitSettings& evalfit = settings.of<tuning::EvalfitSettings>();
    if (settings.measure != FitnessMeasure::Evalfit || (!evalfit.k && !evalfit.startError)) return ruling;
    if (!evalfit.fitKey) {
        if (use == FitUse::ContinuedRun) return ruling;  // a file from before keys: as it always did
        dropFit(evalfit);
        ruling.dropped = true;
        ruling.note = "evalfit: fitting K and E0 again: the saved ones do not record what they were fitted on";
        return ruling;
    }
    const FitKey now = evalfitFitKey(settings);
    ruling.differing = differingParts(*evalfit.fitKey, now);
    if (evalfit.heldOutData.empty())
        std::erase(ruling.differing, std::string("heldout"));  // no held-out E0 is used
    if (ruling.differing.empty()) {
        if (use == FitUse::NewRun)
            ruling.note = "evalfit: K and E0 as saved: fitted on the same engine, options, genome and data";
        return ruling;
    }
    const std::string what = fitPartsInWords(ruling.differing);
    if (use == FitUse::ContinuedRun) {
        ruling.warning = true;
        ruling.note = "evalfit: continuing with the saved K and E0, though " + what +
                      (ruling.differing.size() == 1 ? " differs" : " differ") +
                      " from what they were fitted on; start a new run to fit them again";
        return ruling;
    }
    dropFit(evalfit);
    ruling.dropped = true;
    ruling.note = "evalfit: fitting K and E0 again: " + what + (ruling.differing.size() == 1 ? " differs" : " differ") +
                  " from what the saved ones were fitted on";
    return ruling;
}

}  // namespace mf::tuning

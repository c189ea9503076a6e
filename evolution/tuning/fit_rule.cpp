#include "evolution/tuning/fit_rule.h"

#include "evolution/mpi/file_digest.h"

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

// A file's bytes; a file that cannot be read gets a digest of its name (so it never equals a
// readable file's), and the run's own loading says why it cannot be read.
std::string fileDigestOrName(const std::filesystem::path& file) {
    std::string digest = mpi::fileDigest(file);
    return digest.empty() ? "unreadable-" + textDigest(file.string()) : digest;
}

}  // namespace

FitKey evalfitFitKey(const TuningSettings& settings) {
    FitKey key;
    const std::filesystem::path program = mpi::resolveProgram(settings.engine.program);
    Canonical engine;
    engine << fileDigestOrName(program.empty() ? settings.engine.program : program);
    for (const std::string& argument : settings.engine.arguments) engine << argument;
    key.add("engine", engine.digest());

    Canonical options;
    for (const auto& [name, value] : settings.engine.fixedOptions) options << name << value;
    options << dataset::evalfitPathName(settings.evalfit.path) << settings.evalfit.uciLimit.goCommand();
    key.add("options", options.digest());

    Canonical genome;
    for (const ga::Term& term : settings.genome.terms()) genome << term.option << std::to_string(term.defaultValue);
    key.add("genome", genome.digest());

    key.add("data", fileDigestOrName(settings.evalfit.data));
    key.add("heldout", settings.evalfit.heldOutData.empty() ? std::string("none")
                                                            : fileDigestOrName(settings.evalfit.heldOutData));
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
    EvalfitSettings& evalfit = settings.evalfit;
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

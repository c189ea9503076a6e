#pragma once
// `tune --measure evalfit` (cmd_tune_evalfit.cpp): `tune` calls runEvalfitTune when wantsEvalfit.
#include <string>
#include <vector>

namespace mf::cli {

// True when the arguments ask for --measure evalfit or --resume an evalfit population file.
bool wantsEvalfit(const std::vector<std::string>& args);
int runEvalfitTune(const std::vector<std::string>& args);
std::string evalfitTuneUsage();

}  // namespace mf::cli

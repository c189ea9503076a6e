#include "evolution/dataset/dataset_writer.h"

namespace mf::dataset {

std::string datasetLine(const LabelledPosition& p) {
    return p.position.epdFields() + " c9 \"" + resultText(p.result) + "\";";
}

std::string writeDataset(const std::vector<std::string>& header, const std::vector<LabelledPosition>& positions) {
    std::string text;
    text.reserve(positions.size() * 72);
    for (const std::string& line : header) text += "# " + line + "\n";
    for (const LabelledPosition& p : positions) text += datasetLine(p) + "\n";
    return text;
}

}  // namespace mf::dataset

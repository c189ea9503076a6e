#include "evolution/tuning/measures/evalfit/evalfit_wire.h"

#include "evolution/wire/wire_values.h"

namespace mf::tuning {

using wire::Reader;
using wire::Writer;

std::string encodeDatasetJob(const DatasetJob& job) {
    Writer out;
    out.string(job.file);
    out.string(job.digest);
    out.u64(job.positions);
    out.string(std::string(dataset::evalfitPathName(job.path)));
    wire::writeLimit(out, job.uciLimit);
    out.u64(job.first);
    out.u64(job.count);
    wire::writeOptions(out, job.options);
    return out.take();
}

Result<DatasetJob> decodeDatasetJob(std::string_view bytes) {
    Reader in(bytes);
    DatasetJob job;
    job.file = in.string("data file");
    job.digest = in.string("data digest");
    job.positions = in.u64("positions");
    const std::string path = in.string("scoring path");
    if (in.ok()) {
        if (auto parsed = dataset::parseEvalfitPath(path)) job.path = *parsed;
        else in.fail("scoring path", "'" + path + "' is not auto, trace, fast or uci");
    }
    job.uciLimit = wire::readLimit(in);
    job.first = in.u64("first");
    job.count = in.u64("count");
    job.options = wire::readOptions(in, "options");
    if (in.ok() && (job.first > job.positions || job.count > job.positions - job.first))
        in.fail("count", "positions " + std::to_string(job.first) + " + " + std::to_string(job.count) +
                             " beyond the data set's " + std::to_string(job.positions));
    return wire::finish(in, std::move(job), "dataset job");
}

std::string encodeDatasetAnswer(const DatasetAnswer& answer) {
    Writer out;
    out.u64(answer.q.size());
    for (int q : answer.q) out.i64(q);
    out.string(answer.failure);
    out.boolean(answer.cancelled);
    return out.take();
}

Result<DatasetAnswer> decodeDatasetAnswer(std::string_view bytes) {
    Reader in(bytes);
    DatasetAnswer answer;
    const std::size_t n = in.count("scores", 8);
    answer.q.reserve(n);
    for (std::size_t i = 0; i < n && in.ok(); ++i) answer.q.push_back(in.i32("score"));
    answer.failure = in.string("failure");
    answer.cancelled = in.boolean("cancelled");
    return wire::finish(in, std::move(answer), "dataset answer");
}

}  // namespace mf::tuning

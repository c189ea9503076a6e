// trace_memory_bench: what a position costs on the trace path, as the CLI's peak memory says.
//   trace_memory_bench [--bin DIR] [--data FILE] [--genome FILE] [--sizes N1,N2] [--work DIR]
// Runs `matefind-cli tune` from DIR (default: this build's) for one generation on the trace path
// (the genome, default resources/genomes/matefind-full-terms.json: every evaluation term;
// --trace-tolerance 1, so that a linearity check above the default 0.2 % does not send the run to
// direct scoring, which is not what is measured) on the
// first N1 and the first N2 positions of FILE (default: the bundled self-play data), each as its
// own process, and reads each run's peak resident memory: the CLI's own (its VmHWM, read every
// 10 ms while it runs: the trace path's memory), and the largest of its engine processes apart
// (they are other programs: an engine on the fast path holds the positions it scores). It prints
// the peaks, the CLI's slope between the two sizes (bytes a position) and its fixed part (the peak
// at zero positions by that line). Another build's CLI (--bin) under the same command gives the
// figures to compare with.
// A program run by hand (minutes on a data set of 10^5 positions): the figures go to
// docs/evalfit.md. The subsets are written to --work (default: the system's temporary folder).
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <thread>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string& message) {
    std::cerr << "trace_memory_bench: " << message << "\n";
    std::exit(1);
}

struct Options {
    fs::path bin = MATEFIND_BIN_DIR;
    fs::path data;
    fs::path genome = fs::path(MATEFIND_SOURCE_DIR) / "resources/genomes/matefind-full-terms.json";
    std::size_t small = 0, large = 0;  // 0: a quarter of the file and all of it
    fs::path work = fs::temp_directory_path();
};

Options parse(int argc, char** argv) {
    Options o;
    o.data = o.bin.parent_path() / "share/matefind/data/matefind-selfplay.epd";
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i], value = argv[i + 1];
        if (flag == "--bin") o.bin = value;
        else if (flag == "--data") o.data = value;
        else if (flag == "--genome") o.genome = value;
        else if (flag == "--work") o.work = value;
        else if (flag == "--sizes" && value.find(',') != std::string::npos) {
            o.small = std::stoul(value.substr(0, value.find(',')));
            o.large = std::stoul(value.substr(value.find(',') + 1));
        } else fail("unknown option or value: " + flag + " " + value);
    }
    if (argc % 2 == 0) fail(std::string("no value after ") + argv[argc - 1]);
    return o;
}

// The positions of `data` (its lines that are not comments or blank).
std::vector<std::string> positionLines(const fs::path& data) {
    std::ifstream in(data);
    if (!in) fail(data.string() + ": cannot be read");
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') lines.push_back(line);
    return lines;
}

fs::path writeSubset(const std::vector<std::string>& lines, std::size_t count, const fs::path& work) {
    const fs::path file = work / ("trace-memory-bench-" + std::to_string(::getpid()) + "-" + std::to_string(count) + ".epd");
    std::ofstream out(file);
    for (std::size_t i = 0; i < count; ++i) out << lines[i] << "\n";
    if (!out) fail(file.string() + ": cannot be written");
    return file;
}

struct Peak {
    long long bytes = 0;        // the CLI's own
    long long engineBytes = 0;  // the largest engine process's
    double seconds = 0;
};

// A /proc/PID/status field in bytes (its kB figure), 0 when the process or the field is gone.
long long statusBytes(pid_t pid, std::string_view field) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(in, line);)
        if (line.starts_with(field)) {
            const std::size_t digits = line.find_first_of("0123456789");
            long long kilobytes = 0;
            if (digits != std::string::npos) std::from_chars(line.data() + digits, line.data() + line.size(), kilobytes);
            return kilobytes * 1024;
        }
    return 0;
}

// The processes whose parent is `parent` (the CLI's engines).
std::vector<pid_t> childrenOf(pid_t parent) {
    std::vector<pid_t> children;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator("/proc", error)) {
        const std::string name = entry.path().filename().string();
        pid_t pid = 0;
        if (std::from_chars(name.data(), name.data() + name.size(), pid).ec != std::errc{}) continue;
        std::ifstream in(entry.path() / "status");
        for (std::string line; std::getline(in, line);)
            if (line.starts_with("PPid:")) {
                if (std::stol(line.substr(5)) == parent) children.push_back(pid);
                break;
            }
    }
    return children;
}

// One generation of the trace path on `data`; its peak resident memory (wait4's ru_maxrss).
Peak runOnce(const Options& o, const fs::path& data) {
    const std::string cli = (o.bin / "matefind-cli").string();
    const std::string out = data.string() + ".mfpop";
    const std::vector<std::string> arguments{cli, "tune", "--measure", "evalfit", "--genome", o.genome.string(),
                                             "--data", data.string(), "--evalfit-path", "trace", "--trace-tolerance", "1", "--population", "32",
                                             "--generations", "1", "--seed", "1", "--workers", "1", "--out", out};
    const auto start = std::chrono::steady_clock::now();
    std::fflush(stdout);  // else the child would write our buffered lines again
    const pid_t child = ::fork();
    if (child < 0) fail("fork failed");
    if (child == 0) {
        std::vector<char*> argv;
        for (const std::string& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        std::freopen("/dev/null", "w", stdout);
        ::execv(cli.c_str(), argv.data());
        std::_Exit(127);
    }
    Peak peak;
    int status = 0;
    while (::waitpid(child, &status, WNOHANG) == 0) {
        peak.bytes = std::max(peak.bytes, statusBytes(child, "VmHWM:"));
        for (pid_t engine : childrenOf(child)) peak.engineBytes = std::max(peak.engineBytes, statusBytes(engine, "VmHWM:"));
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    peak.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    fs::remove(out);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) fail(cli + " failed on " + data.string() + " (see its stderr above)");
    return peak;
}

}  // namespace

int main(int argc, char** argv) {
    const Options o = parse(argc, argv);
    const std::vector<std::string> lines = positionLines(o.data);
    const std::size_t large = o.large ? o.large : lines.size();
    const std::size_t small = o.small ? o.small : lines.size() / 4;
    if (small == 0 || small >= large || large > lines.size())
        fail("sizes " + std::to_string(small) + "," + std::to_string(large) + " do not fit " + o.data.string() + " (" +
             std::to_string(lines.size()) + " positions)");
    Peak peaks[2];
    const std::size_t sizes[2]{small, large};
    for (int i = 0; i < 2; ++i) {
        const fs::path subset = writeSubset(lines, sizes[i], o.work);
        peaks[i] = runOnce(o, subset);
        fs::remove(subset);
        std::printf("%zu positions: the CLI's peak RSS %.1f MB (%.0f bytes a position, all counted), the largest "
                    "engine process's %.1f MB, %.1f s\n",
                    sizes[i], double(peaks[i].bytes) / 1e6, double(peaks[i].bytes) / double(sizes[i]),
                    double(peaks[i].engineBytes) / 1e6, peaks[i].seconds);
    }
    const double slope = double(peaks[1].bytes - peaks[0].bytes) / double(large - small);
    const double fixed = double(peaks[0].bytes) - slope * double(small);
    std::printf("trace path, %s on %s (%s): the CLI's %.0f bytes a position (peak RSS slope), fixed part %.1f MB\n",
                o.genome.filename().string().c_str(), o.data.filename().string().c_str(), o.bin.string().c_str(), slope,
                fixed / 1e6);
    return 0;
}

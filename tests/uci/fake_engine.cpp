// A scriptable UCI engine for the client's tests. It plays the move set by its "Answer" option
// (default e2e4), shows "First" (default a2a3) as its main line below depth "SwitchDepth" (an
// iteration takes movetime/10, or "DepthStepMs" in depth and nodes searches), and
// can be told on its command line to misbehave in every way a real engine can:
//
//   --fault=KIND        crash | exit | hang | illegal | none-move | zero-move | empty-move |
//                       flood | long-line | stall-ready | exit-at-start | no-uciok | ignore-stop |
//                       never-answer
//   --nodes=BEHAVIOUR   how it treats `go nodes N`, as real engines do:
//                       ignore     searches until "stop", nodes growing fast (Toga II)
//                       depth-one  stops after depth 1 with 5 nodes (Ethereal 12)
//                       cumulative honours N but reports the nodes of all its searches so far
//   --fault-once=PATH   misbehave only while PATH does not exist (and create it when doing so),
//                       so a restarted process behaves: proves the retry on a fresh process
//   --fault-at-go=N     crash/exit/hang/illegal/flood only at the N-th "go" of this process
//   --fault-every=N     the same at every N-th "go" of this process (a fault rate of 1 in N)
//   --fault-position=S  misbehave only in searches whose "position" command contains S, so a
//                       test can pick the position that fails whatever else searched before it
//                       (the limit check's probe searches, say)
//   --uciok-delay=MS    answer "uci" late
//   --no-time           print info lines without "time" fields
//   --by-position       the score of its info lines depends on the position searched (a sum
//                       over the board field of the FEN), so a scorer gets a q per position
//   --history           ... and on how many searches it made since the last "ucinewgame" (as a
//                       real engine's hash and histories carry over), so q depends on the order
//                       of the positions unless every search starts a new game
//   --unknown=garbage   answer every command it does not know with two lines of noise
//                       (default: ignore it silently)
//   --evalfit=MODE      speak the evalfit extension (measures/evalfit/scoring/evalfit_extension.h),
//                       scoring each loaded position as `go depth 0` does (--by-position's
//                       score plus Material - 100, White's view). MODE: correct | missing-line
//                       (the last `evalfit part` line is left out) | wrong-count (the closing
//                       line says one more) | not-a-number (the 5th score is "12x") | mismatch
//                       (position 3's score is 7 more than `go depth 0` says) | ignore-load-error
//                       (a load of a missing file says `evalfit loaded 0`); and `evalfit trace`
//                       (one term, Material, coefficient 1: exact), unless MODE is no-trace
//                       (answered with `evalfit error`) or a broken trace: trace-term-count
//                       (announces 2 terms, sends 1) | trace-unknown-term (names it "Materiel") |
//                       trace-wrong-sign (coefficient -1, the constant right at the weights
//                       traced) | trace-wrong-constant (position 4's constant 3 too high) |
//                       trace-no-closing (no `evalfit traced` line) | trace-bad-number (position
//                       6's coefficient is "1.0.0")
//   --bestmove-follows-pv   answer with the last iteration's move (First below SwitchDepth), as a
//                       real engine does, not always with Answer: SwitchDepth then decides what
//                       a depth-limited search plays
//   --nonlinear         Material's effect on every score is also quadratic, differently per board
//                       (the trace path's linearity check must catch it)
//   --stale-cache       its scores use the Material value of the process's first score, not the
//                       one set now: a cache filled once and never cleared, not by "ucinewgame"
//                       nor by a weight change (as Toga II's evaluation caches are not)
//
// For games (tests/match): option "Script" (UCI moves separated by spaces) makes it answer the
// move of the script at the index of the number of moves in the last "position" command, so two
// fakes play a scripted game; "Score" (centipawns) replaces the score of its info lines.
//
// Every command it receives is echoed to stderr as "< command", so a test can read the
// engine's log and count what the client sent.
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Settings {
    std::string fault;
    std::string faultOnce;
    int faultAtGo = 0;
    int faultEvery = 0;
    std::string faultPosition;
    int uciokDelayMs = 0;
    bool withTime = true;
    std::string nodes;  // --nodes=BEHAVIOUR; empty: honoured
    bool byPosition = false;
    bool history = false;
    bool garbageForUnknown = false;
    std::string evalfit;  // --evalfit=MODE; empty: no extension
    bool nonlinear = false;  // --nonlinear: Material's effect on a score is quadratic (trace tests)
    bool bestFollowsPv = false;  // --bestmove-follows-pv
    bool staleCache = false;  // --stale-cache
};

Settings settings;
std::map<std::string, std::string> options{{"Answer", "e2e4"}, {"First", "a2a3"}, {"SwitchDepth", "3"},
                                            {"Material", "100"}, {"Hash", "16"}, {"Ponder", "false"},
                                            {"Style", "Normal"}, {"DepthStepMs", "0"}, {"Script", ""},
                                            {"Score", ""}};
std::size_t movesInPosition = 0;  // moves after "moves" in the last "position" command
std::string lastPosition;         // the last "position" command
std::string pending;  // bytes read from stdin, not yet a full line
int goCount = 0;
long long nodesSoFar = 0;  // over every search of the process (--nodes=cumulative)
int searchesSinceNewGame = 0;          // --history
std::vector<std::string> loadedFens;   // --evalfit: the positions of `evalfit load`
std::optional<int> cachedMaterial;     // --stale-cache: Material as the process's first score saw it

void say(const std::string& line) {
    std::cout << line << '\n' << std::flush;
}

// Reads one line within `ms` milliseconds (-1: wait forever). False on timeout or end of input.
bool readLine(std::string& line, int ms, bool* eof = nullptr) {
    auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms < 0 ? 0 : ms);
    for (;;) {
        if (auto nl = pending.find('\n'); nl != std::string::npos) {
            line = pending.substr(0, nl);
            pending.erase(0, nl + 1);
            // One write per line: several fakes may share a log file.
            std::string logged = "< " + line + "\n";
            std::fwrite(logged.data(), 1, logged.size(), stderr);
            return true;
        }
        int wait = -1;
        if (ms >= 0) {
            auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now()).count();
            if (left <= 0) return false;
            wait = static_cast<int>(left);
        }
        pollfd fd{0, POLLIN, 0};
        if (::poll(&fd, 1, wait) <= 0) continue;
        char buffer[4096];
        ssize_t n = ::read(0, buffer, sizeof buffer);
        if (n <= 0) {
            if (eof) *eof = true;
            return false;
        }
        pending.append(buffer, static_cast<std::size_t>(n));
    }
}

// True when the configured fault applies now (and, with --fault-once, records that it did).
bool faultNow(const std::string& kind) {
    if (settings.fault != kind) return false;
    if (settings.faultAtGo > 0 && goCount != settings.faultAtGo && kind != "exit-at-start" && kind != "no-uciok" &&
        kind != "stall-ready")
        return false;
    if (settings.faultEvery > 0 && goCount % settings.faultEvery != 0 && kind != "exit-at-start" && kind != "no-uciok" &&
        kind != "stall-ready")
        return false;
    if (!settings.faultPosition.empty() && lastPosition.find(settings.faultPosition) == std::string::npos)
        return false;
    if (!settings.faultOnce.empty()) {
        // Made with O_EXCL: of processes that reach the fault at the same moment (games on two MPI
        // ranks), exactly one creates the file and misbehaves; a check-then-create let both.
        const int marker = ::open(settings.faultOnce.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
        if (marker < 0) return false;
        const char text[] = "faulted\n";
        [[maybe_unused]] const auto written = ::write(marker, text, sizeof text - 1);
        ::close(marker);
    }
    return true;
}

// The FEN of the last "position fen ..." command (empty for startpos).
std::string positionFen() {
    const std::string prefix = "position fen ";
    if (lastPosition.rfind(prefix, 0) != 0) return "";
    const auto end = lastPosition.find(" moves ");
    return lastPosition.substr(prefix.size(), end == std::string::npos ? std::string::npos : end - prefix.size());
}

bool whiteToMove(const std::string& fen) {
    const auto space = fen.find(' ');
    return space == std::string::npos || fen.compare(space + 1, 1, "w") == 0;
}

// White's view: a number from the board field (the same board gives the same score), plus the
// Material option's distance from its default, so weights reach the score.
int boardScoreWhite(const std::string& fen) {
    int sum = 0;
    for (char c : fen.substr(0, fen.find(' '))) sum = (sum * 31 + static_cast<unsigned char>(c)) % 100003;
    int material = std::atoi(options["Material"].c_str()) - 100;
    if (settings.staleCache) {
        if (!cachedMaterial) cachedMaterial = material;
        material = *cachedMaterial;
    }
    // --nonlinear: a term whose effect grows with the square of the weight, differently on each
    // board, which no coefficient can stand for away from the point it was taken at.
    const int quadratic = settings.nonlinear ? (sum % 7 - 3) * material * material / 20 : 0;
    return sum % 301 - 150 + material + quadratic;
}

int moverScore(const std::string& fen) {
    const int white = boardScoreWhite(fen);
    return whiteToMove(fen) ? white : -white;
}

// `evalfit trace`: the score is (board number - 100) + 1 x Material, linear in the one term.
void evalfitTrace() {
    const std::string& mode = settings.evalfit;
    const int material = std::atoi(options["Material"].c_str());
    say(mode == "trace-term-count" ? "evalfit terms 2" : "evalfit terms 1");
    say(mode == "trace-unknown-term" ? "evalfit term 0 Materiel" : "evalfit term 0 Material");
    for (std::size_t i = 0; i < loadedFens.size(); ++i) {
        const int score = boardScoreWhite(loadedFens[i]);
        int constant = score - material, coefficient = 1;
        if (mode == "trace-wrong-sign") constant = score + material, coefficient = -1;
        if (mode == "trace-wrong-constant" && i == 3) constant += 3;
        const std::string value = mode == "trace-bad-number" && i == 5 ? "1.0.0" : std::to_string(coefficient);
        say("evalfit t " + std::to_string(constant) + " 0:" + value);
    }
    if (mode != "trace-no-closing") say("evalfit traced " + std::to_string(loadedFens.size()));
}

void evalfitCommand(const std::string& line) {
    const std::string& mode = settings.evalfit;
    if (line.rfind("evalfit load ", 0) == 0) {
        std::ifstream in(line.substr(13));
        if (!in) {
            say(mode == "ignore-load-error" ? "evalfit loaded 0" : "evalfit error cannot open " + line.substr(13));
            return;
        }
        loadedFens.clear();
        for (std::string fen; std::getline(in, fen);)
            if (!fen.empty()) loadedFens.push_back(fen);
        say("evalfit loaded " + std::to_string(loadedFens.size()));
        return;
    }
    if (line.rfind("evalfit trace", 0) == 0 && mode != "no-trace") {
        evalfitTrace();
        return;
    }
    if (line.rfind("evalfit scores", 0) != 0) {
        say("evalfit error unknown subcommand");
        return;
    }
    std::vector<std::string> parts;
    std::string part;
    for (std::size_t i = 0; i < loadedFens.size(); ++i) {
        if (i % 7 == 0) part = "evalfit part";
        int score = boardScoreWhite(loadedFens[i]);
        if (mode == "mismatch" && i == 2) score += 7;
        part += " " + (mode == "not-a-number" && i == 4 ? std::string("12x") : std::to_string(score));
        if ((i + 1) % 7 == 0 || i + 1 == loadedFens.size()) parts.push_back(part);
    }
    if (mode == "missing-line" && !parts.empty()) parts.pop_back();
    for (const std::string& p : parts) say(p);
    say("evalfit scores " + std::to_string(loadedFens.size() + (mode == "wrong-count" ? 1 : 0)));
}

void announce() {
    say("id name FakeEngine 1.0");
    say("id author MateFind tests");
    say("option name Hash type spin default 16 min 1 max 1024");
    say("option name Material type spin default 100 min 0 max 400");
    say("option name SwitchDepth type spin default 3 min 1 max 100");
    say("option name DepthStepMs type spin default 0 min 0 max 60000");  // tests scale it (x4 under asan)
    say("option name Ponder type check default false");
    say("option name Style type combo default Normal var Solid var Normal var Risky");
    say("option name Clear Hash type button");
    say("option name Answer type string default e2e4");
    say("option name First type string default a2a3");
    say("option name Script type string default <empty>");
    say("option name Score type string default <empty>");
}

void setOption(const std::string& line) {
    // setoption name <name> [value <value>]
    auto namePos = line.find(" name ");
    if (namePos == std::string::npos) return;
    auto valuePos = line.find(" value ");
    std::string name = line.substr(namePos + 6, valuePos == std::string::npos ? std::string::npos : valuePos - namePos - 6);
    options[name] = valuePos == std::string::npos ? "" : line.substr(valuePos + 7);
}

// One search. Returns false when stdin closed during it.
bool go(const std::string& command) {
    ++goCount;
    std::istringstream in(command);
    std::string word, kind;
    long long value = 0;
    in >> word >> kind >> value;
    if (faultNow("crash")) std::abort();
    if (faultNow("exit")) std::exit(3);
    if (faultNow("flood")) {
        for (;;) say("garbage garbage garbage ~~~ !!! " + std::to_string(std::rand()));
    }
    if (faultNow("long-line")) {
        std::string junk(4096, 'x');
        for (;;) std::cout << junk << std::flush;
    }
    bool hang = faultNow("hang");
    bool ignoreStop = faultNow("ignore-stop");
    std::string answer = options["Answer"];
    if (!options["Script"].empty() && options["Script"] != "<empty>") {
        std::istringstream script(options["Script"]);
        std::vector<std::string> moves;
        for (std::string m; script >> m;) moves.push_back(m);
        answer = movesInPosition < moves.size() ? moves[movesInPosition] : "0000";
    }
    if (faultNow("illegal")) answer = "e7e5";  // white to move in the tests' positions
    if (kind == "depth" && value == 0 && !settings.evalfit.empty()) {
        // The extension's score, as a plain search reports it (the mover's view).
        say("info depth 0 score cp " + std::to_string(moverScore(positionFen())) + " nodes 1 pv " + answer);
        say("bestmove " + answer);
        return true;
    }
    const int positionScore = settings.byPosition || settings.history ? moverScore(positionFen()) : 0;
    const int historyScore = settings.history ? searchesSinceNewGame : 0;
    ++searchesSinceNewGame;
    if (faultNow("none-move")) answer = "(none)";
    if (faultNow("zero-move")) answer = "0000";
    const bool emptyMove = faultNow("empty-move");
    const bool neverAnswer = faultNow("never-answer");

    const bool ignoreNodes = kind == "nodes" && settings.nodes == "ignore";
    const bool depthOne = kind == "nodes" && settings.nodes == "depth-one";
    int switchDepth = std::atoi(options["SwitchDepth"].c_str());
    int maxDepth = kind == "depth" ? static_cast<int>(value) : kind == "infinite" || ignoreNodes ? 1000 : depthOne ? 1 : 10;
    long long stepMs = kind == "movetime" ? value / 10 : kind == "infinite" ? 50 : std::atoll(options["DepthStepMs"].c_str());
    if (ignoreNodes && stepMs == 0) stepMs = 10;
    if (neverAnswer) maxDepth = 0;
    long long searched = 0;
    std::string lastMove = answer;
    for (int depth = 1; depth <= maxDepth; ++depth) {
        long long nodes = ignoreNodes ? 5000LL * depth * depth : depthOne ? 5 : depth * 1000LL;
        if (kind == "nodes" && !ignoreNodes && !depthOne && nodes > value) break;
        nodes += settings.nodes == "cumulative" ? nodesSoFar : 0;
        searched = nodes;
        // Wait for the next "iteration", answering isready and honouring stop meanwhile.
        auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(stepMs);
        for (;;) {
            auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now()).count();
            if (left <= 0) break;
            std::string line;
            bool eof = false;
            if (readLine(line, static_cast<int>(left), &eof)) {
                if (line == "isready") say("readyok");
                if (line == "stop" && !ignoreStop) maxDepth = depth;  // finish this iteration
                if (line == "quit") std::exit(0);
            } else if (eof) {
                return false;
            }
        }
        const std::string& move = depth < switchDepth ? options["First"] : answer;
        lastMove = move;
        std::string info = "info depth " + std::to_string(depth) + " seldepth " + std::to_string(depth + 2) +
                           " multipv 1 score cp " +
                           (options["Score"].empty() || options["Score"] == "<empty>"
                                ? std::to_string(10 * depth + positionScore + historyScore)
                                : options["Score"]) +
                           " nodes " + std::to_string(nodes);
        if (settings.withTime) info += " time " + std::to_string(depth * (stepMs > 0 ? stepMs : 1));
        say(info + " pv " + move);
    }
    if (settings.nodes == "cumulative") nodesSoFar = searched;
    while (hang || ignoreStop || neverAnswer) {
        std::string line;
        bool eof = false;
        if (!readLine(line, -1, &eof) && eof) return false;
        if (line == "quit" && !hang && !neverAnswer) std::exit(0);
    }
    say(emptyMove ? "bestmove" : "bestmove " + (settings.bestFollowsPv ? lastMove : answer));
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        auto valueOf = [&](const std::string& prefix) { return arg.substr(prefix.size()); };
        if (arg.rfind("--fault=", 0) == 0) settings.fault = valueOf("--fault=");
        else if (arg.rfind("--fault-once=", 0) == 0) settings.faultOnce = valueOf("--fault-once=");
        else if (arg.rfind("--fault-at-go=", 0) == 0) settings.faultAtGo = std::atoi(valueOf("--fault-at-go=").c_str());
        else if (arg.rfind("--fault-every=", 0) == 0) settings.faultEvery = std::atoi(valueOf("--fault-every=").c_str());
        else if (arg.rfind("--fault-position=", 0) == 0) settings.faultPosition = valueOf("--fault-position=");
        else if (arg.rfind("--uciok-delay=", 0) == 0) settings.uciokDelayMs = std::atoi(valueOf("--uciok-delay=").c_str());
        else if (arg == "--bestmove-follows-pv") settings.bestFollowsPv = true;
        else if (arg == "--no-time") settings.withTime = false;
        else if (arg.rfind("--nodes=", 0) == 0) settings.nodes = valueOf("--nodes=");
        else if (arg == "--by-position") settings.byPosition = true;
        else if (arg == "--history") settings.history = true;
        else if (arg == "--unknown=garbage") settings.garbageForUnknown = true;
        else if (arg.rfind("--evalfit=", 0) == 0) settings.evalfit = valueOf("--evalfit=");
        else if (arg == "--nonlinear") settings.nonlinear = true;
        else if (arg == "--stale-cache") settings.staleCache = true;
        else {
            std::cerr << "fake_engine: unknown argument " << arg << "\n";
            return 2;
        }
    }
    if (faultNow("exit-at-start")) return 1;
    std::string line;
    bool eof = false;
    while (readLine(line, -1, &eof) || !eof) {
        if (line == "uci") {
            announce();
            if (faultNow("no-uciok")) continue;
            if (settings.uciokDelayMs > 0) std::this_thread::sleep_for(std::chrono::milliseconds(settings.uciokDelayMs));
            say("uciok");
        } else if (line == "isready") {
            if (faultNow("stall-ready")) continue;
            say("readyok");
        } else if (line.rfind("setoption", 0) == 0) {
            setOption(line);
        } else if (line.rfind("position", 0) == 0) {
            lastPosition = line;
            const auto at = line.find(" moves ");
            std::istringstream moves(at == std::string::npos ? "" : line.substr(at + 7));
            movesInPosition = 0;
            for (std::string m; moves >> m;) ++movesInPosition;
        } else if (line.rfind("go", 0) == 0) {
            if (!go(line)) return 0;
        } else if (line == "quit") {
            return 0;
        } else if (line == "ucinewgame") {
            searchesSinceNewGame = 0;
        } else if (line.rfind("evalfit ", 0) == 0 && !settings.evalfit.empty()) {
            evalfitCommand(line);
        } else if (!line.empty() && settings.garbageForUnknown) {
            say("Unknown command: '" + line + "'. Type help for more information.");
            say("~~ garbage " + std::to_string(line.size()) + " ~~");
        }
        line.clear();
    }
    return 0;
}

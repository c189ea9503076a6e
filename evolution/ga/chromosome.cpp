#include "evolution/ga/chromosome.h"

#include "evolution/ga/gray.h"

#include <cassert>

namespace mf::ga {

std::string Chromosome::toString() const {
    std::string out(bits_.size(), '0');
    for (std::size_t i = 0; i < bits_.size(); ++i)
        if (bits_[i])
            out[i] = '1';
    return out;
}

std::optional<Chromosome> Chromosome::fromString(std::string_view bits) {
    Chromosome c(bits.size());
    for (std::size_t i = 0; i < bits.size(); ++i) {
        if (bits[i] != '0' && bits[i] != '1')
            return std::nullopt;
        c.bits_[i] = bits[i] == '1' ? 1 : 0;
    }
    return c;
}

Chromosome Chromosome::random(std::size_t length, Rng& rng) {
    Chromosome c(length);
    for (std::size_t i = 0; i < length; ++i)
        c.bits_[i] = static_cast<std::uint8_t>(rng.next() >> 63);  // the top bit is the best-mixed
    return c;
}

std::size_t hammingDistance(const Chromosome& a, const Chromosome& b) {
    assert(a.size() == b.size());
    std::size_t d = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        d += a[i] != b[i];
    return d;
}

int decodeTerm(const Genome& genome, const Chromosome& c, std::size_t term) {
    assert(c.size() == genome.length());
    const Term& t = genome[term];
    std::uint64_t gray = 0;
    const std::size_t first = genome.offset(term);
    for (int b = 0; b < t.bits; ++b)
        gray = (gray << 1) | static_cast<std::uint64_t>(c[first + static_cast<std::size_t>(b)]);
    return t.valueAt(grayToBinary(gray));
}

std::vector<int> decode(const Genome& genome, const Chromosome& c) {
    std::vector<int> values;
    values.reserve(genome.size());
    for (std::size_t i = 0; i < genome.size(); ++i)
        values.push_back(decodeTerm(genome, c, i));
    return values;
}

Chromosome encode(const Genome& genome, const std::vector<int>& values) {
    assert(values.size() == genome.size());
    Chromosome c(genome.length());
    for (std::size_t i = 0; i < genome.size(); ++i) {
        const Term& t = genome[i];
        const std::uint64_t gray = binaryToGray(t.indexOf(values[i]));
        const std::size_t first = genome.offset(i);
        for (int b = 0; b < t.bits; ++b)
            c.set(first + static_cast<std::size_t>(b), (gray >> (t.bits - 1 - b)) & 1U);
    }
    return c;
}

} // namespace mf::ga

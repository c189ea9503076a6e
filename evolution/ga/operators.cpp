#include "evolution/ga/operators.h"

#include <utility>

namespace mf::ga {

bool mutate(Chromosome& c, double pm, Rng& rng) {
    bool changed = false;
    for (std::size_t i = 0; i < c.size(); ++i) {
        if (rng.bernoulli(pm)) {
            c.flip(i);
            changed = true;
        }
    }
    return changed;
}

CrossoverResult crossover(Chromosome& a, Chromosome& b, double pk, Rng& rng) {
    CrossoverResult r;
    const std::size_t m = a.size();
    if (m < 2 || b.size() != m)
        return r;
    if (!rng.bernoulli(pk))
        return r;
    r.happened = true;
    r.cut = 1 + static_cast<std::size_t>(rng.below(m - 1));
    bool differ = false;
    for (std::size_t i = r.cut; i < m; ++i) {
        if (a[i] != b[i]) {
            differ = true;
            const bool t = a[i];
            a.set(i, b[i]);
            b.set(i, t);
        }
    }
    // Swapping differing tails changes both children: neither equals its parent any more.
    r.firstChanged = differ;
    r.secondChanged = differ;
    return r;
}

} // namespace mf::ga

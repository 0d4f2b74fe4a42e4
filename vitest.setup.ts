import fc from 'fast-check';

// One seed for every property that does not name its own: a run of the tests is the same run on
// every machine, and a failure replays as it happened (fast-check prints the seed and path).
fc.configureGlobal({ seed: 20261201 });

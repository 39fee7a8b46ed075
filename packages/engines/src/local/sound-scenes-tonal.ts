import {
  addBed,
  addDrone,
  addTone,
  bandPass,
  eventTimes,
  highPass,
  lowPass,
  secondsOf,
  slowCurve,
  type Scene,
} from './sound-dsp';

/** Scenes led by tones: horns, birds, crickets, drones and the default pad. */

/** Mains hum, passing traffic, distant noise, and now and then a far-off horn. */
export const city: Scene = (mix, rng) => {
  const mains = rng.pick([50, 60]);
  for (const [k, gain] of [
    [1, 0.03],
    [2, 0.015],
    [3, 0.006],
  ] as const) {
    addDrone(mix, {
      hz: mains * k,
      detuneHz: 0.2,
      gain,
      pan: 0,
      lfoHz: 0.1,
      lfoDepth: 0.2,
      lfoPhase: 0,
    });
  }
  const traffic = slowCurve(rng, mix.frames, rng.range(2, 4), 0.3, 1);
  addBed(mix, rng, {
    gain: 0.7,
    width: 0.4,
    shape: (n) => lowPass(lowPass(n, 450), 450),
    envelope: traffic,
  });
  addBed(mix, rng, { gain: 0.05, width: 0.6, shape: (n) => bandPass(n, 1200, 1) });
  for (const startS of eventTimes(rng, secondsOf(mix), rng.range(3, 5))) {
    const hz = rng.pick([330, 370, 392, 415]);
    const pan = rng.range(-0.9, 0.9);
    const honks = rng.chance(0.4) ? 2 : 1;
    for (let h = 0; h < honks; h++) {
      const at = startS + h * 0.35;
      const durationS = rng.range(0.22, 0.6) / honks;
      for (const note of [hz, hz * 1.26]) {
        addTone(mix, {
          startS: at,
          durationS,
          fromHz: note,
          toHz: note,
          gain: 0.09,
          pan,
          shape: 'bell',
          partials: [1, 0.5, 0.3, 0.15],
        });
      }
    }
  }
};

/** A soft bed with birds: each bird chirps in short bursts of swept sines in its own voice. */
export const forest: Scene = (mix, rng) => {
  const leaves = slowCurve(rng, mix.frames, 2, 0.5, 1);
  addBed(mix, rng, {
    gain: 0.15,
    width: 0.5,
    shape: (n) => lowPass(highPass(n, 200), 1800),
    envelope: leaves,
  });
  const birds = Array.from({ length: rng.int(2, 3) }, () => ({
    hz: rng.range(2500, 5000),
    sweep: rng.pick([0.6, 0.75, 1.35, 1.6]),
    pan: rng.range(-0.8, 0.8),
  }));
  for (const startS of eventTimes(rng, secondsOf(mix), rng.range(0.8, 1.6))) {
    const bird = rng.pick(birds);
    let at = startS;
    for (let c = rng.int(2, 6); c > 0; c--) {
      const fromHz = bird.hz * rng.range(0.92, 1.08);
      const durationS = rng.range(0.04, 0.11);
      addTone(mix, {
        startS: at,
        durationS,
        fromHz,
        toHz: fromHz * bird.sweep,
        gain: rng.range(0.1, 0.25),
        pan: bird.pan,
        shape: 'bell',
      });
      at += durationS + rng.range(0.03, 0.12);
    }
  }
};

/** Crickets: high sines gated in fast pulses, a few chirps a second, over a hushed bed. */
export const night: Scene = (mix, rng) => {
  addBed(mix, rng, { gain: 0.1, width: 0.5, shape: (n) => lowPass(lowPass(n, 700), 700) });
  for (let c = rng.int(2, 3); c > 0; c--) {
    const hz = rng.range(3800, 5200);
    const pulseS = 1 / rng.range(25, 45);
    const pulses = rng.int(3, 5);
    const periodS = rng.range(0.35, 0.8);
    const pan = rng.range(-0.8, 0.8);
    const gain = rng.range(0.03, 0.06);
    for (let t = rng.range(0, periodS); t < secondsOf(mix); t += periodS * rng.range(0.85, 1.15)) {
      for (let p = 0; p < pulses; p++) {
        addTone(mix, {
          startS: t + p * pulseS,
          durationS: pulseS * 0.7,
          fromHz: hz,
          toHz: hz,
          gain,
          pan,
          shape: 'bell',
        });
      }
    }
  }
};

/** Deep drones a fifth apart, beating slowly, under a filtered sweep. */
export const space: Scene = (mix, rng) => {
  const root = rng.pick([41.2, 49, 55, 61.7, 73.4]);
  for (const [ratio, gain] of [
    [1, 0.2],
    [1.5, 0.12],
    [2, 0.1],
    [3, 0.04],
  ] as const) {
    addDrone(mix, {
      hz: root * ratio,
      detuneHz: rng.range(0.1, 0.5),
      gain,
      pan: rng.range(-0.5, 0.5),
      lfoHz: rng.range(0.05, 0.2),
      lfoDepth: 0.5,
      lfoPhase: rng.next(),
      phase: rng.next(),
    });
  }
  const sweep = slowCurve(rng, mix.frames, 3, 200, 1400);
  addBed(mix, rng, { gain: 0.04, width: 0.7, shape: (n) => bandPass(n, sweep, 0.15) });
};

const chords = [
  [0, 4, 7, 11],
  [0, 3, 7, 10],
  [0, 5, 7, 12],
  [0, 4, 7, 14],
  [0, 3, 7, 14],
  [0, 2, 7, 9],
] as const;

/** A gentle pad: a seeded chord of detuned sines, each swelling on its own slow LFO. */
export const ambient: Scene = (mix, rng) => {
  const rootHz = 440 * 2 ** ((rng.int(45, 57) - 69) / 12);
  const chord = rng.pick(chords);
  chord.forEach((semitones, k) => {
    const hz = rootHz * 2 ** (semitones / 12);
    const note = {
      detuneHz: hz * 0.004,
      lfoHz: rng.range(0.06, 0.2),
      lfoDepth: 0.6,
      lfoPhase: rng.next(),
      phase: rng.next(),
    };
    const pan = (k / (chord.length - 1)) * 1.2 - 0.6;
    addDrone(mix, { ...note, hz, gain: 0.1, pan });
    addDrone(mix, { ...note, hz: hz * 2, gain: 0.025, pan: -pan });
  });
  addBed(mix, rng, { gain: 0.15, width: 0.5, shape: (n) => lowPass(lowPass(n, 400), 400) });
};

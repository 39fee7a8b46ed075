import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { presetVoices } from '@lumen/contracts/voices';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { planModel, type ModelApiProvider } from './model-table';
import { describeTracks, klingTrajectory } from './motion-tracks-api';
import { speechInput, speechModels } from './speech-models';

/** The speech model's kept input schema on a provider (`schemas/`, with its source). */
function speechSchema(provider: ModelApiProvider): object {
  const file = `${provider}--${speechModels[provider].replaceAll('/', '--')}.json`;
  const kept = JSON.parse(readFileSync(join(import.meta.dirname, 'schemas', file), 'utf8')) as {
    model: string;
    input: object;
  };
  expect(kept.model).toBe(speechModels[provider]);
  return kept.input;
}

describe('the magic brush on the hosted APIs', () => {
  it('thins a long track to Kling’s 77 points, keeping its ends, in pixels from the bottom', () => {
    const track = Array.from({ length: 500 }, (_, i) => [i / 499, 0.2] as [number, number]);
    const points = klingTrajectory(track, { width: 1001, height: 501 });
    expect(points).toHaveLength(77);
    expect(points[0]).toEqual({ x: 0, y: 400 });
    expect(points.at(-1)).toEqual({ x: 1000, y: 400 });
    expect(
      klingTrajectory(
        [
          [0, 0],
          [1, 1],
        ],
        { width: 11, height: 11 },
      ),
    ).toEqual([
      { x: 0, y: 10 },
      { x: 10, y: 0 },
    ]);
  });

  it('tells a model without tracks where each area starts and which way it goes', () => {
    const said = describeTracks('a red ball on a table', [
      {
        color: '#f00',
        track: [
          [0.1, 0.5],
          [0.9, 0.5],
        ],
      },
      {
        color: '#0f0',
        track: [
          [0.8, 0.8],
          [0.8, 0.2],
        ],
      },
      {
        color: '#00f',
        track: [
          [0.5, 0.5],
          [0.51, 0.5],
        ],
      },
    ]);
    expect(said).toBe(
      'a red ball on a table. the part at the middle left moves right, the part at the bottom right moves up, the rest of the scene stays still',
    );
    const plan = planModel('replicate', 'video_motion_brush', undefined);
    expect(plan.family).toBe('wan-i2v-described-tracks');
  });
});

describe('speech for a text lip sync on the hosted APIs', () => {
  it('picks the voice by the preset’s gender and the language by its language', () => {
    expect(speechInput('replicate', { text: '你好', voice: 'zh-f-1' })).toEqual({
      text: '你好',
      voice_id: 'Calm_Woman',
      language_boost: 'Chinese',
      speed: 1,
    });
    expect(speechInput('fal', { text: 'こんにちは', voice: 'ja-m-1' })).toMatchObject({
      voice_setting: { voice_id: 'Patient_Man' },
      language_boost: 'Japanese',
    });
    expect(() => speechInput('fal', { text: 'hi', voice: 'en-x-9' })).toThrow(/preset voice/);
  });
});

describe('the speech model’s input', () => {
  it.each(['replicate', 'fal'] as const)(
    'is what MiniMax Speech-02 Turbo takes on %s, for every preset voice',
    (provider) => {
      const validate = new Ajv({ strict: false, allErrors: true }).compile(speechSchema(provider));
      for (const voice of presetVoices) {
        const input = speechInput(provider, { text: 'Hello there', voice: voice.id });
        expect(
          validate(input) ? [] : validate.errors,
          `${voice.id} ${JSON.stringify(input)}`,
        ).toEqual([]);
      }
    },
  );
});

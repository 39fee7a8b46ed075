/**
 * nsfwjs's MobileNetV2 as it ships in the npm package: its Keras model.json (layers format) and
 * its weight shards, which the package keeps as base64 inside JS bundles. Both the ONNX scorer
 * and the TensorFlow.js reference read the model from here, so they score the same network.
 */
export type NsfwModelFiles = { modelJson: unknown; shards: Uint8Array[] };

/** The picture side MobileNetV2 was trained on: 224×224 RGB. */
export const NSFW_INPUT_SIZE = 224;

/** nsfwjs's classes in the order of the model's outputs (its NSFW_CLASSES). */
export const NSFW_CLASSES = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'] as const;

export async function loadNsfwModelFiles(): Promise<NsfwModelFiles> {
  const { MobileNetV2Model } = await import('nsfwjs/models/mobilenet_v2');
  const [json, shards] = await Promise.all([
    MobileNetV2Model.modelJson(),
    Promise.all(MobileNetV2Model.weightBundles.map((bundle) => bundle())),
  ]);
  return {
    modelJson: json.default,
    shards: shards.map((shard) => new Uint8Array(Buffer.from(shard.default, 'base64'))),
  };
}

/** The shards joined in manifest order, as one block of weight bytes. */
export function joinShards(shards: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(shards.reduce((sum, s) => sum + s.byteLength, 0));
  let offset = 0;
  for (const shard of shards) {
    out.set(shard, offset);
    offset += shard.byteLength;
  }
  return out;
}

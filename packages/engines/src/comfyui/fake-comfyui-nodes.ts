/**
 * Test support: the node classes the fake ComfyUI server knows, with what ComfyUI's own
 * `INPUT_TYPES`/`RETURN_TYPES` declare (nodes.py, comfy_extras/nodes_*.py and the custom packs
 * the templates name). A linked input names the type it takes (`IMAGE`, `MASK`, …), a widget
 * takes `value` or the list of its choices. The fake validates prompts against this the way
 * ComfyUI does, so a template with a misspelt class, a missing input, a wrong link or an
 * image that was never uploaded fails here before it fails on a GPU server.
 */

export type InputSpec = 'value' | readonly string[] | LinkType;
type LinkType = Uppercase<string>;

export type NodeSpec = {
  required: Record<string, InputSpec>;
  optional?: Record<string, InputSpec>;
  outputs: readonly LinkType[];
  /** The widget that names a file of the server's input folder (LoadImage's picture). */
  inputFile?: string;
  /** What the node's own `validate_inputs` or execution would refuse, as ComfyUI words it. */
  check?: (inputs: Record<string, unknown>) => string | undefined;
};

/**
 * What `WanTrackToVideo`'s `parse_json_tracks` takes: a JSON list of tracks, each a list of
 * `{x, y}` points (pixels). Anything else it prints a warning about and runs without motion,
 * which on a GPU server would be a silent failure, so the fake refuses it.
 */
function checkTracks(inputs: Record<string, unknown>): string | undefined {
  try {
    const tracks: unknown = JSON.parse(String(inputs.tracks));
    const isPoint = (p: unknown) =>
      typeof p === 'object' &&
      p !== null &&
      typeof (p as { x?: unknown }).x === 'number' &&
      typeof (p as { y?: unknown }).y === 'number';
    const ok =
      Array.isArray(tracks) &&
      tracks.length > 0 &&
      tracks.every((t) => Array.isArray(t) && t.length > 0 && t.every(isPoint));
    return ok ? undefined : 'tracks: Unexpected track format';
  } catch {
    return 'tracks: Error parsing tracks JSON';
  }
}

const wanVideoInputs = {
  positive: 'CONDITIONING',
  negative: 'CONDITIONING',
  vae: 'VAE',
  width: 'value',
  height: 'value',
  length: 'value',
  batch_size: 'value',
} as const;

const upscaleMethods = ['nearest-exact', 'bilinear', 'area', 'bicubic', 'lanczos'] as const;
const samplerInputs = {
  seed: 'value',
  steps: 'value',
  cfg: 'value',
  sampler_name: 'value',
  scheduler: 'value',
  positive: 'CONDITIONING',
  negative: 'CONDITIONING',
  latent_image: 'LATENT',
  denoise: 'value',
} as const;

export const nodeSpecs: Record<string, NodeSpec> = {
  // Loaders.
  UNETLoader: { required: { unet_name: 'value', weight_dtype: 'value' }, outputs: ['MODEL'] },
  DualCLIPLoader: {
    required: { clip_name1: 'value', clip_name2: 'value', type: 'value' },
    optional: { device: 'value' },
    outputs: ['CLIP'],
  },
  CLIPLoader: {
    required: { clip_name: 'value', type: 'value' },
    optional: { device: 'value' },
    outputs: ['CLIP'],
  },
  VAELoader: { required: { vae_name: 'value' }, outputs: ['VAE'] },
  CLIPVisionLoader: { required: { clip_name: 'value' }, outputs: ['CLIP_VISION'] },
  ImageOnlyCheckpointLoader: {
    required: { ckpt_name: 'value' },
    outputs: ['MODEL', 'CLIP_VISION', 'VAE'],
  },
  UpscaleModelLoader: { required: { model_name: 'value' }, outputs: ['UPSCALE_MODEL'] },
  // Conditioning.
  CLIPTextEncode: { required: { text: 'value', clip: 'CLIP' }, outputs: ['CONDITIONING'] },
  FluxGuidance: {
    required: { conditioning: 'CONDITIONING', guidance: 'value' },
    outputs: ['CONDITIONING'],
  },
  ConditioningZeroOut: { required: { conditioning: 'CONDITIONING' }, outputs: ['CONDITIONING'] },
  ReferenceLatent: {
    required: { conditioning: 'CONDITIONING' },
    optional: { latent: 'LATENT' },
    outputs: ['CONDITIONING'],
  },
  CLIPVisionEncode: {
    required: { clip_vision: 'CLIP_VISION', image: 'IMAGE', crop: ['center', 'none'] },
    outputs: ['CLIP_VISION_OUTPUT'],
  },
  InpaintModelConditioning: {
    required: {
      positive: 'CONDITIONING',
      negative: 'CONDITIONING',
      vae: 'VAE',
      pixels: 'IMAGE',
      mask: 'MASK',
      noise_mask: 'value',
    },
    outputs: ['CONDITIONING', 'CONDITIONING', 'LATENT'],
  },
  Hunyuan3Dv2Conditioning: {
    required: { clip_vision_output: 'CLIP_VISION_OUTPUT' },
    outputs: ['CONDITIONING', 'CONDITIONING'],
  },
  // Images and masks.
  LoadImage: { required: { image: 'value' }, outputs: ['IMAGE', 'MASK'], inputFile: 'image' },
  LoadImageMask: {
    required: { image: 'value', channel: ['alpha', 'red', 'green', 'blue'] },
    outputs: ['MASK'],
    inputFile: 'image',
  },
  ImageToMask: {
    required: { image: 'IMAGE', channel: ['red', 'green', 'blue', 'alpha'] },
    outputs: ['MASK'],
  },
  GrowMask: {
    required: { mask: 'MASK', expand: 'value', tapered_corners: 'value' },
    outputs: ['MASK'],
  },
  ImagePadForOutpaint: {
    required: {
      image: 'IMAGE',
      left: 'value',
      top: 'value',
      right: 'value',
      bottom: 'value',
      feathering: 'value',
    },
    outputs: ['IMAGE', 'MASK'],
  },
  ImageScale: {
    required: {
      image: 'IMAGE',
      upscale_method: upscaleMethods,
      width: 'value',
      height: 'value',
      crop: ['disabled', 'center'],
    },
    outputs: ['IMAGE'],
  },
  ImageScaleToTotalPixels: {
    required: {
      image: 'IMAGE',
      upscale_method: upscaleMethods,
      megapixels: 'value',
      resolution_steps: 'value',
    },
    outputs: ['IMAGE'],
  },
  ImageUpscaleWithModel: {
    required: { upscale_model: 'UPSCALE_MODEL', image: 'IMAGE' },
    outputs: ['IMAGE'],
  },
  ImageCompositeMasked: {
    required: {
      destination: 'IMAGE',
      source: 'IMAGE',
      x: 'value',
      y: 'value',
      resize_source: 'value',
    },
    optional: { mask: 'MASK' },
    outputs: ['IMAGE'],
  },
  FluxKontextImageScale: { required: { image: 'IMAGE' }, outputs: ['IMAGE'] },
  // Latents and sampling.
  VAEEncode: { required: { pixels: 'IMAGE', vae: 'VAE' }, outputs: ['LATENT'] },
  VAEDecode: { required: { samples: 'LATENT', vae: 'VAE' }, outputs: ['IMAGE'] },
  RepeatLatentBatch: { required: { samples: 'LATENT', amount: 'value' }, outputs: ['LATENT'] },
  EmptySD3LatentImage: {
    required: { width: 'value', height: 'value', batch_size: 'value' },
    outputs: ['LATENT'],
  },
  DifferentialDiffusion: {
    required: { model: 'MODEL' },
    optional: { strength: 'value' },
    outputs: ['MODEL'],
  },
  KSampler: { required: { model: 'MODEL', ...samplerInputs }, outputs: ['LATENT'] },
  ModelSamplingSD3: { required: { model: 'MODEL', shift: 'value' }, outputs: ['MODEL'] },
  ModelSamplingAuraFlow: { required: { model: 'MODEL', shift: 'value' }, outputs: ['MODEL'] },
  // Video (Wan) and 3D (Hunyuan3D-2), ComfyUI core.
  Wan22ImageToVideoLatent: {
    required: {
      vae: 'VAE',
      width: 'value',
      height: 'value',
      length: 'value',
      batch_size: 'value',
    },
    optional: { start_image: 'IMAGE' },
    outputs: ['LATENT'],
  },
  WanImageToVideo: {
    required: {
      positive: 'CONDITIONING',
      negative: 'CONDITIONING',
      vae: 'VAE',
      width: 'value',
      height: 'value',
      length: 'value',
      batch_size: 'value',
    },
    optional: { clip_vision_output: 'CLIP_VISION_OUTPUT', start_image: 'IMAGE' },
    outputs: ['CONDITIONING', 'CONDITIONING', 'LATENT'],
  },
  WanFirstLastFrameToVideo: {
    required: {
      positive: 'CONDITIONING',
      negative: 'CONDITIONING',
      vae: 'VAE',
      width: 'value',
      height: 'value',
      length: 'value',
      batch_size: 'value',
    },
    optional: {
      clip_vision_start_image: 'CLIP_VISION_OUTPUT',
      clip_vision_end_image: 'CLIP_VISION_OUTPUT',
      start_image: 'IMAGE',
      end_image: 'IMAGE',
    },
    outputs: ['CONDITIONING', 'CONDITIONING', 'LATENT'],
  },
  // ComfyUI-PuLID-Flux (balazik, and lldacing's ComfyUI_PuLID_Flux_ll, which keeps the same
  // classes and inputs): identity from one face picture on FLUX.
  PulidFluxModelLoader: { required: { pulid_file: 'value' }, outputs: ['PULIDFLUX'] },
  PulidFluxEvaClipLoader: { required: {}, outputs: ['EVA_CLIP'] },
  PulidFluxInsightFaceLoader: {
    required: { provider: ['CPU', 'CUDA', 'ROCM'] },
    outputs: ['FACEANALYSIS'],
  },
  ApplyPulidFlux: {
    required: {
      model: 'MODEL',
      pulid_flux: 'PULIDFLUX',
      eva_clip: 'EVA_CLIP',
      face_analysis: 'FACEANALYSIS',
      image: 'IMAGE',
      weight: 'value',
      start_at: 'value',
      end_at: 'value',
    },
    optional: { attn_mask: 'MASK' },
    outputs: ['MODEL'],
  },
  WanVaceToVideo: {
    required: { ...wanVideoInputs, strength: 'value' },
    optional: { control_video: 'IMAGE', control_masks: 'MASK', reference_image: 'IMAGE' },
    outputs: ['CONDITIONING', 'CONDITIONING', 'LATENT', 'INT'],
  },
  TrimVideoLatent: { required: { samples: 'LATENT', trim_amount: 'INT' }, outputs: ['LATENT'] },
  WanPhantomSubjectToVideo: {
    required: wanVideoInputs,
    optional: { images: 'IMAGE' },
    outputs: ['CONDITIONING', 'CONDITIONING', 'CONDITIONING', 'LATENT'],
  },
  WanTrackToVideo: {
    required: { ...wanVideoInputs, tracks: 'value', temperature: 'value', topk: 'value' },
    optional: { clip_vision_output: 'CLIP_VISION_OUTPUT', start_image: 'IMAGE' },
    outputs: ['CONDITIONING', 'CONDITIONING', 'LATENT'],
    check: checkTracks,
  },
  // Video and audio files, frame batches (comfy_extras/nodes_video.py, nodes_audio.py,
  // nodes_images.py, nodes_canny.py; ImageBatch is in nodes.py).
  LoadVideo: { required: { file: 'value' }, outputs: ['VIDEO'], inputFile: 'file' },
  GetVideoComponents: { required: { video: 'VIDEO' }, outputs: ['IMAGE', 'AUDIO', 'FLOAT'] },
  CreateVideo: {
    required: { images: 'IMAGE', fps: 'FLOAT' },
    optional: { audio: 'AUDIO' },
    outputs: ['VIDEO'],
  },
  LoadAudio: { required: { audio: 'value' }, outputs: ['AUDIO'], inputFile: 'audio' },
  ImageFromBatch: {
    required: { image: 'IMAGE', batch_index: 'value', length: 'value' },
    outputs: ['IMAGE'],
  },
  ImageBatch: { required: { image1: 'IMAGE', image2: 'IMAGE' }, outputs: ['IMAGE'] },
  RepeatImageBatch: { required: { image: 'IMAGE', amount: 'value' }, outputs: ['IMAGE'] },
  Canny: {
    required: { image: 'IMAGE', low_threshold: 'value', high_threshold: 'value' },
    outputs: ['IMAGE'],
  },
  EmptyLatentHunyuan3Dv2: {
    required: { resolution: 'value', batch_size: 'value' },
    outputs: ['LATENT'],
  },
  VAEDecodeHunyuan3D: {
    required: { samples: 'LATENT', vae: 'VAE', num_chunks: 'value', octree_resolution: 'value' },
    outputs: ['VOXEL'],
  },
  VoxelToMesh: {
    required: { voxel: 'VOXEL', algorithm: ['surface net', 'basic'], threshold: 'value' },
    outputs: ['MESH'],
  },
  // Outputs.
  SaveImage: { required: { images: 'IMAGE', filename_prefix: 'value' }, outputs: [] },
  SaveGLB: { required: { mesh: 'MESH', filename_prefix: 'value' }, outputs: [] },
  SaveVideo: {
    required: {
      video: 'VIDEO',
      filename_prefix: 'value',
      format: ['auto', 'mp4'],
      codec: ['auto', 'h264'],
    },
    outputs: [],
  },
  // Custom packs (ComfyUI-VideoHelperSuite, ComfyUI-RMBG, ComfyUI-LatentSyncWrapper, and the
  // portrait and try-on packs below): the
  // inputs the templates rely on.
  VHS_LoadVideo: {
    required: {
      video: 'value',
      force_rate: 'value',
      custom_width: 'value',
      custom_height: 'value',
      frame_load_cap: 'value',
      skip_first_frames: 'value',
      select_every_nth: 'value',
    },
    optional: { meta_batch: 'VHS_BATCHMANAGER', vae: 'VAE', format: 'value' },
    outputs: ['IMAGE', 'INT', 'AUDIO', 'VHS_VIDEOINFO'],
    inputFile: 'video',
  },
  VideoLengthAdjuster: {
    required: {
      images: 'IMAGE',
      audio: 'AUDIO',
      mode: ['normal', 'pingpong', 'loop_to_audio'],
      fps: 'value',
      silent_padding_sec: 'value',
    },
    outputs: ['IMAGE', 'AUDIO'],
  },
  LatentSyncNode: {
    required: {
      images: 'IMAGE',
      audio: 'AUDIO',
      seed: 'value',
      lips_expression: 'value',
      inference_steps: 'value',
    },
    outputs: ['IMAGE', 'AUDIO'],
  },
  VHS_VideoCombine: {
    required: {
      images: 'IMAGE',
      frame_rate: 'value',
      loop_count: 'value',
      filename_prefix: 'value',
      format: 'value',
      pingpong: 'value',
      save_output: 'value',
    },
    outputs: ['VHS_FILENAMES'],
  },
  BiRefNetRMBG: {
    required: { image: 'IMAGE', model: 'value' },
    outputs: ['IMAGE', 'MASK', 'IMAGE'],
  },
  // CatVTON's own ComfyUI nodes (Zheng-Chong/CatVTON's `ComfyUI-CatVTON.zip` release): the
  // try-on pipeline and its masker. The masker answers the mask first, as an IMAGE, then the
  // masked person for preview; the try-on takes the mask as an IMAGE too.
  LoadCatVTONPipeline: {
    required: {
      sd15_inpaint_path: 'value',
      catvton_path: 'value',
      mixed_precision: ['fp32', 'fp16', 'bf16'],
    },
    outputs: ['MODEL'],
  },
  LoadAutoMasker: { required: { catvton_path: 'value' }, outputs: ['MODEL'] },
  AutoMasker: {
    required: { pipe: 'MODEL', target_image: 'IMAGE', cloth_type: ['upper', 'lower', 'overall'] },
    outputs: ['IMAGE', 'IMAGE'],
  },
  CatVTON: {
    required: {
      pipe: 'MODEL',
      target_image: 'IMAGE',
      refer_image: 'IMAGE',
      mask_image: 'IMAGE',
      seed: 'value',
      steps: 'value',
      cfg: 'value',
    },
    outputs: ['IMAGE'],
  },
};

/** Class names as `/object_info` lists them. */
export const knownNodeClasses = Object.keys(nodeSpecs);

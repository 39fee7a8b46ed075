import type { Language } from '@lumen/contracts/i18n';
import { taskTypeDefinitions, type TaskType } from '@lumen/contracts/task-types';

/**
 * Every task type's name in each interface language: the one table the server's messages (bills,
 * errors, notices, e-mails) take a task type's name from. The web app keeps the same names in its
 * `taskTypes` catalogue.
 */
export const taskTypeNames: Record<Language, Record<TaskType, string>> = {
  en: {
    txt2img: 'Text to image',
    img2img: 'Image to image',
    image_edit: 'Image editing',
    upscale: 'Image enhancement',
    remove_bg: 'Background removal',
    inpaint: 'Repaint',
    erase: 'Magic eraser',
    outpaint: 'Magic expand',
    vectorize: 'Vector conversion',
    video_diffusion: 'Text to video',
    video_diffusion_img2vid: 'Image to video',
    video_diffusion_keyframes: 'Keyframe video',
    video_diffusion_multi_img2vid: 'Multi-image video',
    video_extend: 'Video extend',
    video_stylize: 'Video stylization',
    video_motion_brush: 'Magic brush',
    video_diffusion_audio_animate: 'Audio animation',
    mouth_speech: 'Lip sync',
    video_creative_upscaler: 'Video enhancement',
    text_to_3d: 'Text to 3D',
    image_to_3d: 'Image to 3D',
    product_shot: 'E-commerce product images',
    product_on_model: 'E-commerce model images',
    image_translate: 'Image translation',
  },
  zh: {
    txt2img: '文生图',
    img2img: '图生图',
    image_edit: '图片编辑',
    upscale: '图片增强',
    remove_bg: '背景移除',
    inpaint: '局部重绘',
    erase: '魔法消除',
    outpaint: '魔法扩图',
    vectorize: '矢量转换',
    video_diffusion: '文生视频',
    video_diffusion_img2vid: '图生视频',
    video_diffusion_keyframes: '首尾帧视频',
    video_diffusion_multi_img2vid: '多图参考视频',
    video_extend: '视频续写',
    video_stylize: '视频风格化',
    video_motion_brush: '魔法画笔',
    video_diffusion_audio_animate: '音频驱动动画',
    mouth_speech: '对口型',
    video_creative_upscaler: '视频增强',
    text_to_3d: '文生 3D',
    image_to_3d: '图生 3D',
    product_shot: '电商产品图',
    product_on_model: '电商模特图',
    image_translate: '图片翻译',
  },
  ja: {
    txt2img: 'テキストから画像',
    img2img: '画像から画像',
    image_edit: '画像編集',
    upscale: '画像高画質化',
    remove_bg: '背景除去',
    inpaint: '部分リペイント',
    erase: 'マジック消しゴム',
    outpaint: 'マジック拡張',
    vectorize: 'ベクター変換',
    video_diffusion: 'テキストから動画',
    video_diffusion_img2vid: '画像から動画',
    video_diffusion_keyframes: 'キーフレーム動画',
    video_diffusion_multi_img2vid: '複数画像参照動画',
    video_extend: '動画延長',
    video_stylize: '動画スタイル変換',
    video_motion_brush: 'マジックブラシ',
    video_diffusion_audio_animate: '音声アニメーション',
    mouth_speech: 'リップシンク',
    video_creative_upscaler: '動画高画質化',
    text_to_3d: 'テキストから 3D',
    image_to_3d: '画像から 3D',
    product_shot: 'EC商品画像',
    product_on_model: 'ECモデル画像',
    image_translate: '画像翻訳',
  },
  es: {
    txt2img: 'Texto a imagen',
    img2img: 'Imagen a imagen',
    image_edit: 'Edición de imagen',
    upscale: 'Mejora de imagen',
    remove_bg: 'Eliminación de fondo',
    inpaint: 'Repintar',
    erase: 'Borrador mágico',
    outpaint: 'Expansión mágica',
    vectorize: 'Vectorizar',
    video_diffusion: 'Texto a vídeo',
    video_diffusion_img2vid: 'Imagen a vídeo',
    video_diffusion_keyframes: 'Vídeo por fotogramas clave',
    video_diffusion_multi_img2vid: 'Vídeo con varias imágenes',
    video_extend: 'Extender vídeo',
    video_stylize: 'Estilizar vídeo',
    video_motion_brush: 'Pincel mágico',
    video_diffusion_audio_animate: 'Animación con audio',
    mouth_speech: 'Sincronización labial',
    video_creative_upscaler: 'Mejora de vídeo',
    text_to_3d: 'Texto a 3D',
    image_to_3d: 'Imagen a 3D',
    product_shot: 'Imágenes de producto',
    product_on_model: 'Imágenes con modelo',
    image_translate: 'Traducción de imágenes',
  },
};

export function isTaskType(value: string): value is TaskType {
  return Object.hasOwn(taskTypeDefinitions, value);
}

/**
 * A task type's name in `lang`. Anything else (a code a caller typed that names no task type)
 * is returned as it came, since it is the caller's own word.
 */
export function taskTypeName(lang: Language, taskType: string): string {
  return isTaskType(taskType) ? taskTypeNames[lang][taskType] : taskType;
}

import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACESFilmicToneMapping,
  Box3,
  DirectionalLight,
  HemisphereLight,
  Mesh,
  PerspectiveCamera,
  Scene,
  SRGBColorSpace,
  Texture,
  Vector3,
  WebGLRenderer,
  type Material,
  type Object3D,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import classes from './model-viewer.module.css';

interface ModelViewerProps {
  url: string;
  poster: string | null;
  label: string;
}

function disposeObject(root: Object3D): void {
  root.traverse((node) => {
    if (!(node instanceof Mesh)) return;
    node.geometry.dispose();
    const materials: Material[] = Array.isArray(node.material) ? node.material : [node.material];
    for (const material of materials) {
      for (const value of Object.values(material)) if (value instanceof Texture) value.dispose();
      material.dispose();
    }
  });
}

/** Places the camera so the whole model fits, whatever its size and origin. */
function frame(model: Object3D, camera: PerspectiveCamera, controls: OrbitControls): void {
  const box = new Box3().setFromObject(model);
  const size = box.getSize(new Vector3()).length() || 1;
  const center = box.getCenter(new Vector3());
  model.position.sub(center);
  camera.near = size / 100;
  camera.far = size * 100;
  // About 1.5 diagonals away: the whole model fits the 40° view with a margin.
  camera.position.set(size * 0.8, size * 0.5, size * 1.15);
  camera.updateProjectionMatrix();
  controls.target.set(0, 0, 0);
  controls.maxDistance = size * 4;
  controls.update();
}

/**
 * An orbitable view of a GLB model (studio results, published works). The thumbnail stays on
 * screen until the model has loaded, and remains the fallback where WebGL is not available.
 */
export function ModelViewer({ url, poster, label }: ModelViewerProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    const container = host.current;
    if (!container) return undefined;
    let renderer: WebGLRenderer;
    try {
      renderer = new WebGLRenderer({ antialias: true, alpha: true });
    } catch {
      // No WebGL (old device, blocked GPU): the poster stays.
      queueMicrotask(() => setState('failed'));
      return undefined;
    }
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    renderer.outputColorSpace = SRGBColorSpace;
    renderer.toneMapping = ACESFilmicToneMapping;
    renderer.domElement.className = classes.canvas ?? '';
    container.append(renderer.domElement);

    const scene = new Scene();
    scene.add(new HemisphereLight(0xffffff, 0x44405a, 2.2));
    const sun = new DirectionalLight(0xffffff, 2.4);
    sun.position.set(3, 5, 4);
    scene.add(sun);
    const camera = new PerspectiveCamera(40, 1, 0.01, 100);
    const controls = new OrbitControls(camera, renderer.domElement);
    controls.enableDamping = true;
    controls.autoRotate = true;
    controls.autoRotateSpeed = 1.2;
    // Any touch of the model stops the turntable, so it stays where the user put it.
    controls.addEventListener('start', () => {
      controls.autoRotate = false;
    });

    const resize = () => {
      const { clientWidth: width, clientHeight: height } = container;
      if (width === 0 || height === 0) return;
      renderer.setSize(width, height, false);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(container);
    resize();

    let model: Object3D | null = null;
    let disposed = false;
    new GLTFLoader().load(
      url,
      (gltf) => {
        if (disposed) {
          disposeObject(gltf.scene);
          return;
        }
        model = gltf.scene;
        scene.add(model);
        frame(model, camera, controls);
        setState('ready');
      },
      undefined,
      () => {
        if (!disposed) setState('failed');
      },
    );
    renderer.setAnimationLoop(() => {
      controls.update();
      renderer.render(scene, camera);
    });

    return () => {
      disposed = true;
      observer.disconnect();
      renderer.setAnimationLoop(null);
      controls.dispose();
      if (model) disposeObject(model);
      renderer.dispose();
      renderer.forceContextLoss();
      renderer.domElement.remove();
    };
  }, [url]);

  return (
    <div className={classes.viewer} ref={host} role="img" aria-label={label} data-state={state}>
      {state !== 'ready' && poster ? <img src={poster} alt="" className={classes.poster} /> : null}
      {state === 'failed' ? (
        <Text size="xs" className={classes.note}>
          {t('generate.result.modelUnavailable')}
        </Text>
      ) : null}
    </div>
  );
}

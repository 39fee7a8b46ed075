import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { ObjectStore } from './object-store';
import { describeObjectStoreContract } from './object-store.contract';
import { createS3ObjectStore } from './s3-object-store';

const bucket = 'lumen-test';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let dir: string;
let s3rver: S3rver;
let store: ObjectStore;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-s3rver-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
  const { port } = await s3rver.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  admin.destroy();
  store = createS3ObjectStore({
    endpoint,
    region: 'us-east-1',
    bucket,
    forcePathStyle: true,
    ...credentials,
  });
});
afterAll(async () => {
  await s3rver.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describeObjectStoreContract('S3 (s3rver on loopback)', () => ({ store, close: async () => {} }));

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  attachmentDisposition,
  contentTypeOfKey,
  isValidKey,
  isValidPrefix,
  type ObjectStore,
} from './object-store';

export type S3ObjectStoreOptions = {
  /** Omit for AWS itself; set for MinIO, R2, Ceph, s3rver… */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path instead of the host name; most non-AWS servers need it. */
  forcePathStyle: boolean;
};

const missingCodes = new Set(['NotFound', 'NoSuchKey']);

function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (missingCodes.has(err.name) || err.$metadata.httpStatusCode === 404)
  );
}

function checkedKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`invalid object key: ${key}`);
  return key;
}

/** Production media: an S3-compatible bucket through the AWS SDK v3. */
export function createS3ObjectStore(options: S3ObjectStoreOptions): ObjectStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Default checksums put CRC headers into presigned URLs that browsers cannot reproduce,
    // and several S3-compatible servers reject them; only send them where S3 demands one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  async function read(key: string, range?: string) {
    if (!isValidKey(key)) return undefined;
    try {
      const answer = await client.send(
        new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: range } : {}) }),
      );
      const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
      return { bytes, contentType: answer.ContentType ?? contentTypeOfKey(key) };
    } catch (err) {
      if (isMissing(err)) return undefined;
      // A range that starts past the end of an object (an empty one included) reads nothing.
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) {
        return { bytes: Buffer.alloc(0), contentType: contentTypeOfKey(key) };
      }
      throw err;
    }
  }

  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkedKey(key),
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },
    get: (key) => read(key),
    async getRange(key, start, end) {
      return (await read(key, `bytes=${start}-${end}`))?.bytes;
    },
    async head(key) {
      if (!isValidKey(key)) return undefined;
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? contentTypeOfKey(key),
        };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async deletePrefix(prefix) {
      if (!isValidPrefix(prefix)) throw new Error(`invalid object prefix: ${prefix}`);
      // One page of names at a time, each deleted on its own: every S3-compatible server
      // takes a single-object DELETE, not all of them the batch form.
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        await Promise.all(
          (page.Contents ?? []).map((object) =>
            object.Key
              ? client.send(new DeleteObjectCommand({ Bucket, Key: object.Key }))
              : undefined,
          ),
        );
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async presignPut(key, contentType, _maxBytes, expiresS) {
      const command = new PutObjectCommand({
        Bucket,
        Key: checkedKey(key),
        ContentType: contentType,
      });
      // Signing the header makes S3 refuse an upload sent with another content type.
      return getSignedUrl(client, command, {
        expiresIn: expiresS,
        signableHeaders: new Set(['content-type']),
      });
    },
    async presignGet(key, expiresS, downloadName) {
      const command = new GetObjectCommand({
        Bucket,
        Key: checkedKey(key),
        ...(downloadName
          ? { ResponseContentDisposition: attachmentDisposition(downloadName) }
          : {}),
      });
      return getSignedUrl(client, command, { expiresIn: expiresS });
    },
  };
}

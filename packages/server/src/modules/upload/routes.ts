import path from 'node:path';
import { z } from 'zod';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  ERRORS,
  formatErrorMessage,
  IMAGE_CONTENT_TYPES,
  ipfsPath,
  MB,
  UPLOAD,
  UPLOAD_PURPOSES,
  uploadRules,
  type UploadPurpose,
} from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { uploads } from '../../db/schema.js';
import { requireUser, TOKEN_SECURITY } from '../../http/auth.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { perMinute } from '../../http/rate-limit.js';
import { acceptableDimensions, detectImage } from './detect.js';
import { computeCid, DiskStore, KuboClient } from './store.js';
import { SVG_LIMITS, SvgSanitizer } from './svg.js';

const purposeSchema = z.enum(UPLOAD_PURPOSES);

/** A file name is only a label: any path, control character or oversize name is refused. */
// eslint-disable-next-line no-control-regex
const BAD_NAME = /[/\\\u0000-\u001f\u007f]|^\.\.?$/;

export function isAcceptableFileName(name: string): boolean {
  return name.length <= 255 && !BAD_NAME.test(name) && !name.includes('..');
}

/** The multipart plugin's over-limit error, raised by the file stream or by the part iterator. */
function isFileTooLarge(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

export interface UploadServices {
  store: DiskStore;
  kubo: KuboClient | null;
  /** The largest size any purpose accepts, in bytes. */
  maxBytes: number;
}

export function uploadServices(ctx: ServerContext): UploadServices {
  const rules = uploadRules(ctx.config.uploadMaxMb);
  return {
    store: new DiskStore(path.join(ctx.config.dataDir, 'ipfs')),
    kubo: ctx.config.ipfsApiUrl ? new KuboClient(ctx.config.ipfsApiUrl) : null,
    maxBytes: Math.max(...Object.values(rules).map((r) => Math.floor(r.maxMb * MB))),
  };
}

/**
 * POST /v1/api/ipfs/upload: a multipart form with one image file and its purpose. The type comes
 * from the bytes; SVG (collection images only) is sanitised; the file is stored under its CID
 * and, with IPFS_API_URL, added to the Kubo node. data is the URL to store: `/ipfs/{cid}`.
 */
export function uploadRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const rules = uploadRules(ctx.config.uploadMaxMb);
  const services = uploadServices(ctx);
  // SVG sanitising runs off the main thread; its worker starts with the first SVG.
  const svgSanitizer = new SvgSanitizer();
  const db = ctx.database.db;

  return async (app) => {
    app.addHook('onClose', () => svgSanitizer.close());
    await app.register(fastifyMultipart, {
      preservePath: true,
      throwFileSizeLimit: true,
      limits: {
        fileSize: services.maxBytes,
        files: 1,
        fields: 4,
        parts: 6,
        fieldSize: 1024,
        fieldNameSize: 100,
        headerPairs: 50,
      },
    });

    app.post(
      '/ipfs/upload',
      {
        config: {
          rateLimit: perMinute(ctx.config.rateLimit.uploadPerMinute),
          errors: [
            'imageType',
            'collectionImageType',
            'imageTooLarge',
            'fileEmpty',
            'fileNameInvalid',
            'imageDimensions',
            'svgTooComplex',
            'ipfsUnavailable',
            'serviceUnavailable',
          ],
        },
        schema: {
          tags: ['upload'],
          summary: 'Upload an image (multipart/form-data); data is its URL, /ipfs/{cid}',
          description:
            'Form fields: `purpose` (optional, default `default`; may also be given in the ' +
            'query string; send it before the file) and one file part (any field name, e.g. ' +
            '`file`). Limits: default UPLOAD_MAX_MB (5 MB), avatar 1 MB, banner 5 MB, ' +
            'collectionProfile 1 MB, collectionCover 3 MB, collectionBackground 10 MB. ' +
            'JPG/PNG/GIF; collection images JPG/PNG/SVG (sanitised; at most ' +
            `${SVG_LIMITS.maxElements} elements nested at most ${SVG_LIMITS.maxDepth} deep, ` +
            `else 10019). Raster images: at most ${UPLOAD.maxPixels / 1_000_000} megapixels ` +
            'and no empty side, read from their headers (else 10018). The type is decided by the ' +
            'bytes. The returned URL is relative to this origin; the CID is the same as ' +
            '`ipfs add --cid-version=1 --raw-leaves` gives.',
          security: TOKEN_SECURITY,
          consumes: ['multipart/form-data'],
          querystring: z.object({ purpose: purposeSchema.optional() }),
          response: { 200: envelopeOf(z.string().describe('/ipfs/{cid}')) },
        },
      },
      async (request) => {
        const address = await requireUser(db, request);
        if (!request.isMultipart()) {
          throw new ApiError(
            ERRORS.badRequest,
            `${ERRORS.badRequest.message}: send the image as multipart/form-data`,
          );
        }
        let purpose: UploadPurpose | undefined = request.query.purpose;
        let file: Buffer | undefined;
        let tooLarge = false;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (!isAcceptableFileName(part.filename)) {
                part.file.resume();
                throw new ApiError(ERRORS.fileNameInvalid);
              }
              try {
                file = await part.toBuffer();
              } catch (err) {
                if (!isFileTooLarge(err)) throw err;
                tooLarge = true;
                break;
              }
              // busboy may end the stream before toBuffer sees the cut: the buffer is then the
              // first maxBytes and the error only comes with the next part.
              if (part.file.truncated) {
                tooLarge = true;
                break;
              }
            } else if (part.fieldname === 'purpose') {
              const parsed = purposeSchema.safeParse(part.value);
              if (!parsed.success || (purpose && purpose !== parsed.data)) {
                throw new ApiError(
                  ERRORS.badRequest,
                  `${ERRORS.badRequest.message}: purpose must be one of ${UPLOAD_PURPOSES.join(', ')}`,
                );
              }
              purpose = parsed.data;
            }
          }
        } catch (err) {
          if (err instanceof ApiError) throw err;
          if (isFileTooLarge(err)) {
            tooLarge = true;
          } else {
            // A malformed or over-limit multipart body is the client's fault: say what broke.
            const reason = (err as Error).message || 'malformed multipart body';
            throw new ApiError(ERRORS.badRequest, `${ERRORS.badRequest.message}: ${reason}`);
          }
        }
        const rule = rules[purpose ?? 'default'];
        const limit = Math.floor(rule.maxMb * MB);
        if (tooLarge || (file && file.length > limit)) {
          throw new ApiError(
            ERRORS.imageTooLarge,
            formatErrorMessage(ERRORS.imageTooLarge.message, { size: rule.maxMb }),
          );
        }
        if (!file) {
          throw new ApiError(ERRORS.badRequest, `${ERRORS.badRequest.message}: no file`);
        }
        if (file.length === 0) throw new ApiError(ERRORS.fileEmpty);

        const detected = detectImage(file);
        if (!detected.kind || !rule.kinds.includes(detected.kind)) {
          request.log.info(
            { reason: detected.kind ?? detected.reason, purpose },
            'upload refused by type',
          );
          throw new ApiError(rule.typeError);
        }
        if (detected.size && !acceptableDimensions(detected.size, UPLOAD.maxPixels)) {
          const { width, height } = detected.size;
          request.log.info({ width, height, purpose }, 'upload refused by dimensions');
          throw new ApiError(
            ERRORS.imageDimensions,
            formatErrorMessage(ERRORS.imageDimensions.message, {
              megapixels: UPLOAD.maxPixels / 1_000_000,
            }),
          );
        }
        let content = file;
        if (detected.kind === 'svg') {
          const result = await svgSanitizer.sanitize(file);
          if ('refused' in result) {
            if (result.refused === 'unavailable') {
              request.log.error({ reason: result.reason }, 'SVG sanitiser unavailable');
              throw new ApiError(ERRORS.serviceUnavailable);
            }
            request.log.info({ reason: result.reason, purpose }, 'SVG refused');
            if (result.refused === 'busy') throw new ApiError(ERRORS.serviceUnavailable);
            throw new ApiError(
              result.refused === 'tooComplex' ? ERRORS.svgTooComplex : rule.typeError,
            );
          }
          content = result.svg;
        }

        const cid = await computeCid(content);
        await services.store.put(cid, content);
        if (services.kubo) {
          let remote: string;
          try {
            remote = await services.kubo.add(content);
          } catch (err) {
            request.log.error({ err }, 'kubo add failed');
            throw new ApiError(ERRORS.ipfsUnavailable);
          }
          if (remote !== cid) {
            request.log.error({ cid, remote }, 'kubo computed another CID');
            throw new ApiError(
              ERRORS.ipfsUnavailable,
              `${ERRORS.ipfsUnavailable.message}: the node computed another CID`,
            );
          }
        }
        await db
          .insert(uploads)
          .values({
            cid,
            contentType: IMAGE_CONTENT_TYPES[detected.kind],
            size: content.length,
            purpose: purpose ?? 'default',
            uploadedBy: address,
          })
          .onConflictDoNothing();
        return ok(ipfsPath(cid));
      },
    );
  };
}

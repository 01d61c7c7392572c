import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { AppError } from '../../values/errors.ts';
import { defineOperation, type RateLimit } from '../../operations/operation.ts';
import { out, portionFields } from '../../values/results.ts';
import type { FoodAnalysisResult, FoodImage } from '../../provider-interfaces.ts';
import { keyOf } from './foods.fields.ts';
import { visibleByName } from './foods.repo.ts';

/** Largest image accepted in image_base64, decoded. */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
const MAX_BASE64_CHARS = 8_000_000;
const DATA_URL = /^data:[\w.+-]+\/[\w.+-]+;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The image's base64 without a `data:...;base64,` prefix or white space, or an error text. */
export function normaliseBase64(text: string): { base64: string } | { error: string } {
  const base64 = text.replace(DATA_URL, '').replace(/\s+/g, '');
  if (base64.length === 0) return { error: 'must not be empty' };
  if (!BASE64.test(base64) || base64.length % 4 === 1 || (base64.includes('=') && base64.length % 4 !== 0)) {
    return { error: 'must be base64 (RFC 4648, standard alphabet)' };
  }
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const bytes = Math.floor((base64.length * 3) / 4) - padding;
  if (bytes > MAX_IMAGE_BYTES) return { error: `the decoded image must be at most ${MAX_IMAGE_BYTES} bytes` };
  return { base64 };
}

const input = z
  .object({
    image_url: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2048).nullish(),
    image_base64: z.string().max(MAX_BASE64_CHARS).nullish(),
  })
  .transform((data, ctx): FoodImage => {
    const hasUrl = data.image_url !== undefined && data.image_url !== null;
    const hasBase64 = data.image_base64 !== undefined && data.image_base64 !== null;
    if (hasUrl === hasBase64) {
      ctx.addIssue({ code: 'custom', path: [], message: 'send exactly one of image_url and image_base64' });
      return z.NEVER;
    }
    if (hasUrl) return { imageUrl: data.image_url! };
    const checked = normaliseBase64(data.image_base64!);
    if ('error' in checked) {
      ctx.addIssue({ code: 'custom', path: ['image_base64'], message: checked.error });
      return z.NEVER;
    }
    return { imageBase64: checked.base64 };
  });

/** Protects the paid provider: calls per caller address per minute. */
const perAddress: RateLimit<FoodImage> = { name: 'foods.analyze:address', points: 60, durationSeconds: 60, key: (_input, ctx) => ctx.ip };

function failure(result: Extract<FoodAnalysisResult, { ok: false }>, image: FoodImage): AppError {
  switch (result.reason) {
    case 'rejected': {
      const path = 'imageUrl' in image ? 'image_url' : 'image_base64';
      const message = `the image could not be analysed: ${result.message}`;
      return new AppError('VALIDATION_FAILED', message, { details: [{ path, message }] });
    }
    case 'rate_limited':
      return new AppError('RATE_LIMITED', 'the image analysis provider is busy; try again shortly', { retryAfterSeconds: 30 });
    case 'unavailable':
      return new AppError('NOT_CONFIGURED', 'the image analysis provider is unavailable; try again later');
  }
}

/**
 * Sends one image (a URL, or base64 up to 4 MiB decoded) to the image-analysis provider and
 * answers the foods it recognised, each ready for calorieLogs.addFoodsFromAI (name, calories,
 * protein, carbs, fat, fiber, quantity) plus `confidence` and `foodId`: the visible catalogue food
 * of the same name (any letter case), or null. No provider: NOT_CONFIGURED.
 */
export const analyze = defineOperation({
  namespace: 'foods',
  // It spends a paid provider's quota: a signed-in account, in every mode but the optional one's
  // calls without a token (the interface's own rule for these namespaces, docs/contract.md, "Modes").
  name: 'analyze', audience: self(),
  summary: 'Recognise the foods in an image, with calories and macros, matched to the catalogue',
  input,
  rateLimits: [perAddress],
  output: z.object({
    foods: z.array(
      out.record({
        ...portionFields(),
        confidence: out.number().nullable(),
        foodId: out.id().nullable(),
      }),
    ),
    totalCalories: out.number(),
  }),
  async handler(ctx, image) {
    const analyzer = ctx.services.foodAnalysis;
    if (!analyzer) throw new AppError('NOT_CONFIGURED', 'image analysis needs a provider (FOOD_ANALYSIS_URL)');
    let result: FoodAnalysisResult;
    try {
      result = await analyzer.analyze(image);
    } catch (error) {
      ctx.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'image analysis provider failed');
      result = { ok: false, reason: 'unavailable', message: 'the provider failed' };
    }
    if (!result.ok) {
      if (result.reason !== 'rejected') ctx.log.warn({ reason: result.message }, 'image analysis provider failed');
      throw failure(result, image);
    }
    const catalogue = await visibleByName(ctx.db, result.foods.map((f) => f.name));
    const foods = result.foods.map((f) => ({
      name: f.name,
      calories: f.calories,
      protein: f.protein,
      carbs: f.carbs,
      fat: f.fat,
      fiber: f.fiber,
      quantity: f.quantity,
      confidence: f.confidence,
      foodId: catalogue.get(keyOf(f.name))?.id ?? null,
    }));
    const totalCalories = Math.round(foods.reduce((sum, f) => sum + f.calories, 0) * 10) / 10;
    return { foods, totalCalories };
  },
});

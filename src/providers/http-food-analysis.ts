import { z } from 'zod';
import type { FoodAnalysisResult, FoodAnalyzer, FoodImage } from '../provider-interfaces.ts';
import { outboundRequest, providerPolicy, type OutboundPolicy, type OutboundResponse } from './outbound.ts';

/**
 * An image-analysis provider spoken to as JSON over HTTP (FOOD_ANALYSIS_URL, FOOD_ANALYSIS_API_KEY).
 *
 * Request: `POST <url>` with `authorization: Bearer <key>` (when a key is set) and a body of
 * exactly one of `{ "image_url": "https://..." }` or `{ "image_base64": "<base64 of the image>" }`.
 *
 * Success: HTTP 200 with `{ "foods": [ { "name": s, "calories": n >= 0, "confidence"?: n 0..1,
 * "protein"?: n, "carbs"?: n, "fat"?: n, "fiber"?: n, "quantity"?: s } ] }` (at most 100 foods;
 * the nutrients are the provider's estimate for the portion in the image).
 *
 * Failure: a 4xx other than 401/403/429 means the provider refused the image (unreadable, not
 * food, URL not reachable...); its `{ "error": s }` or `{ "message": s }` text is passed on.
 * 429 is a rate limit; 401/403, 5xx, a timeout, an unreachable provider or a body not in the
 * format above mean the provider is unavailable.
 */

const TIMEOUT_MS = 30_000;
const MAX_FOODS = 100;

/** The same bound as a calorie log entry's figures (calorieLogs), so every answer can be logged as it is. */
const MAX_NUTRIENT = 100_000;
const nutrient = z.number().min(0).max(MAX_NUTRIENT).nullish();
const wireFood = z.object({
  name: z.string().trim().min(1).max(500),
  confidence: z.number().min(0).max(1).nullish(),
  calories: z.number().min(0).max(MAX_NUTRIENT),
  protein: nutrient,
  carbs: nutrient,
  fat: nutrient,
  fiber: nutrient,
  quantity: z.string().max(200).nullish(),
});
const wireAnswer = z.object({ foods: z.array(wireFood).max(MAX_FOODS) });

function providerText(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  const text = typeof error === 'string' ? error : typeof message === 'string' ? message : undefined;
  return text?.slice(0, 300);
}

function readJson(response: OutboundResponse): unknown {
  try {
    return JSON.parse(response.text);
  } catch {
    return undefined;
  }
}

export function httpFoodAnalyzer(url: string, apiKey: string | undefined, policy: OutboundPolicy = providerPolicy()): FoodAnalyzer {
  return {
    async analyze(image: FoodImage): Promise<FoodAnalysisResult> {
      const body = 'imageUrl' in image ? { image_url: image.imageUrl } : { image_base64: image.imageBase64 };
      let response: OutboundResponse;
      try {
        response = await outboundRequest(url, policy, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
          body: JSON.stringify(body),
          timeoutMs: TIMEOUT_MS,
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        return { ok: false, reason: 'unavailable', message: timedOut ? 'the provider did not answer in time' : 'the provider could not be reached' };
      }
      const answer = readJson(response);
      const status = response.status;
      if (status === 429) return { ok: false, reason: 'rate_limited', message: 'the provider asks to slow down' };
      if (status === 401 || status === 403) return { ok: false, reason: 'unavailable', message: `the provider refused the service's credentials (${status})` };
      if (status >= 400 && status < 500) {
        return { ok: false, reason: 'rejected', message: providerText(answer) ?? `the provider refused the image (${status})` };
      }
      if (status !== 200) return { ok: false, reason: 'unavailable', message: `the provider answered ${status}` };
      const parsed = wireAnswer.safeParse(answer);
      if (!parsed.success) return { ok: false, reason: 'unavailable', message: 'the provider answered in an unexpected format' };
      return {
        ok: true,
        foods: parsed.data.foods.map((f) => ({
          name: f.name,
          confidence: f.confidence ?? null,
          calories: f.calories,
          protein: f.protein ?? null,
          carbs: f.carbs ?? null,
          fat: f.fat ?? null,
          fiber: f.fiber ?? null,
          quantity: f.quantity ?? null,
        })),
      };
    },
  };
}

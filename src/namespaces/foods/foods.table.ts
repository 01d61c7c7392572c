import type { Bool, Json } from '../../values/record.ts';

/** One serving of a food as stored (foods.fields.ts validates it): a name and a weight, in display order. */
export interface Serving {
  id?: string | null | undefined;
  servingName?: string | null | undefined;
  weightInGrams?: number | null | undefined;
  displayOrder?: number | null | undefined;
}

/** The platform food catalogue (no organization); see src/db/migrations/0035_foods.ts for the derived columns. */
export interface FoodsTable {
  id: string;
  name: string;
  foodCode: string | null;
  categoryId: string | null;
  category: string | null;
  description: string | null;
  calories: number | null;
  protein: number | null;
  carbs: number | null;
  fat: number | null;
  fiber: number | null;
  sugar: number | null;
  sodium: number | null;
  cholesterol: number | null;
  serving_size: string | null;
  ingredients: Json<string[]> | null;
  image_url: string | null;
  imageUrl: string | null;
  nutritionPer100g: Json<Record<string, unknown>> | null;
  servings: Json<Serving[]> | null;
  isActive: Bool;
  nameKey: string;
  categoryKey: string;
  foodCodeKey: string | null;
  searchText: string;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    foods: FoodsTable;
  }
}

import type { Json } from '../../values/record.ts';

/** Platform-wide home-screen content (no organization). */
export interface HomeCollectionsTable {
  id: string;
  name: string;
  orderLevel: number;
  imageUrl: string | null;
  webImageUrl: string | null;
  subTitle: string | null;
  organizationTypeId: string;
  platformServiceCategoryIds: Json<string[]>;
  gridTitle: string | null;
  featuredTitle: string | null;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    homeCollections: HomeCollectionsTable;
  }
}

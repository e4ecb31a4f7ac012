// The DAS asset fields the server reads (Metaplex's Digital Asset Standard API), apart from das.ts so that the
// parser (dasParse.ts) and the client (das.ts) share them without importing each other.
export interface DasAsset {
  id: string;
  interface?: string;
  content?: {
    json_uri?: string;
    metadata?: { name?: string; symbol?: string };
    links?: { image?: string; animation_url?: string; external_url?: string };
    files?: { uri?: string; cdn_uri?: string; mime?: string }[];
  };
  grouping?: {
    group_key: string;
    group_value: string;
    collection_metadata?: { name?: string; symbol?: string; image?: string };
  }[];
  compression?: {
    compressed: boolean;
    tree?: string;
    data_hash?: string;
    creator_hash?: string;
    leaf_id?: number;
    seq?: number;
    asset_hash?: string;
  };
  ownership?: { owner: string; delegate?: string | null; delegated?: boolean; frozen?: boolean };
  token_info?: {
    balance?: number;
    decimals?: number;
    associated_token_address?: string;
    token_program?: string;
    supply?: number;
    /** Helius' fungible extension: present only for priced tokens (PRODUCT difference 14). */
    price_info?: { price_per_token?: number; total_price?: number; currency?: string };
  };
  burnt?: boolean;
}

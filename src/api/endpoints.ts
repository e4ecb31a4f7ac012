// Importing this module injects every endpoint of docs/PRODUCT.md#server-calls into `baseApi` (the store and tests import it once).
import './configApi';
import './authApi';
import '../features/rent/rentApi';
import '../features/vacant/vacantApi';
import '../features/tokens/tokensApi';
import '../features/nfts/nftsApi';
import '../features/cnfts/cnftsApi';
import '../features/trash/trashApi';
import '../features/queue/queueApi';

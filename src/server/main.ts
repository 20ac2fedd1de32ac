/** Production entry (`npm run serve`). */
import { startServer } from "./start";

await startServer();

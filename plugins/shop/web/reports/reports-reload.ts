import { createContext } from 'react';

/**
 * Tells the report page that rows were loaded, so its charts read the summary again (the list
 * reloads itself through the engine's toolbar). The import button sits inside the engine's list,
 * below the page that draws the charts.
 */
export const ReportsLoadedContext = createContext<() => void>(() => undefined);

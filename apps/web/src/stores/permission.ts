import { create } from 'zustand';
import type { ServerRoute } from '../types/route';

interface PermissionState {
  /** The server menu tree from /getRouters (paths as sent: top level absolute, children relative). */
  routes: ServerRoute[];
  /** What the sidebar shows. */
  sidebarRouters: ServerRoute[];
  setRoutes(routes: ServerRoute[]): void;
  reset(): void;
}

export const usePermissionStore = create<PermissionState>()((set) => ({
  routes: [],
  sidebarRouters: [],
  setRoutes: (routes) => set({ routes, sidebarRouters: routes }),
  reset: () => set({ routes: [], sidebarRouters: [] }),
}));

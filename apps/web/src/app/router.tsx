import { createBrowserRouter } from 'react-router';
import { createRoutes } from './routes';
import { createGuardLoader } from './session';

export const router = createBrowserRouter(createRoutes(createGuardLoader(() => router)));

import Drawer from '@mui/material/Drawer';
import { DRAWER_WIDTH } from '../../lib/theme';
import { DrawerContent } from './drawer-content';

/** Below md: the navigation in a temporary drawer (focus trapped, Escape closes, focus back to the menu button). */
export default function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{ display: { md: 'none' }, '& .MuiDrawer-paper': { boxSizing: 'border-box', width: DRAWER_WIDTH } }}
    >
      <DrawerContent onNavigate={onClose} />
    </Drawer>
  );
}

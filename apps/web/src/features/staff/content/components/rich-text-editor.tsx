import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import InsertLink from '@mui/icons-material/InsertLink';
import LinkOff from '@mui/icons-material/LinkOff';
import Title from '@mui/icons-material/Title';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { LinkDialog } from './link-dialog';
import { normalizeEditorHtml } from './normalize-html';

type Command = 'bold' | 'italic' | 'heading' | 'bulleted' | 'numbered' | 'link' | 'unlink';

interface Tool {
  command: Command;
  icon: ReactNode;
  /** aria-keyshortcuts, and what the key handler matches. */
  shortcut: string;
  /** A toggle: its state is aria-pressed. */
  isToggle: boolean;
}

const tools: Tool[] = [
  { command: 'bold', icon: <FormatBold />, shortcut: 'Control+B', isToggle: true },
  { command: 'italic', icon: <FormatItalic />, shortcut: 'Control+I', isToggle: true },
  { command: 'heading', icon: <Title />, shortcut: 'Control+Alt+3', isToggle: true },
  { command: 'bulleted', icon: <FormatListBulleted />, shortcut: 'Control+Shift+8', isToggle: true },
  { command: 'numbered', icon: <FormatListNumbered />, shortcut: 'Control+Shift+7', isToggle: true },
  { command: 'link', icon: <InsertLink />, shortcut: 'Control+K', isToggle: true },
  { command: 'unlink', icon: <LinkOff />, shortcut: 'Control+Shift+K', isToggle: false },
];

function matchesShortcut(event: KeyboardEvent, shortcut: string): boolean {
  const parts = shortcut.split('+');
  const key = parts.pop() ?? '';
  const wants = (modifier: string) => parts.includes(modifier);
  // e.code keeps "Digit8" whatever the layout and Shift: an AZERTY keyboard has no "*" on its 8.
  const code = /^\d$/.test(key) ? `Digit${key}` : `Key${key}`;
  return (
    (event.ctrlKey || event.metaKey) === wants('Control') &&
    event.shiftKey === wants('Shift') &&
    event.altKey === wants('Alt') &&
    event.code === code
  );
}

/** The browser's typing state for bold or italic; false where the editing commands are missing (a test's DOM). */
const commandState = (command: string) =>
  typeof document.queryCommandState === 'function' && document.queryCommandState(command);

/** Where the caret is: inside a link, a heading, a list. */
function selectionState(root: HTMLElement): Record<Command, boolean> {
  const selection = document.getSelection();
  const node = selection?.anchorNode ?? null;
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  const inside = (selector: string) =>
    Boolean(element && root.contains(element) && element.closest(selector) && root.contains(element.closest(selector)));
  const inArea = Boolean(element && root.contains(element));
  return {
    // The browser's own state: after the bold text is deleted, what is typed next is still bold, though no <b> is left.
    bold: inArea && commandState('bold'),
    italic: inArea && commandState('italic'),
    heading: inside('h2, h3, h4'),
    bulleted: inside('ul'),
    numbered: inside('ol'),
    link: inside('a'),
    unlink: false,
  };
}

export interface RichTextEditorProps {
  label: string;
  /** The html the editor starts from; a new value (another section, another language) replaces the content. */
  initialHtml: string;
  /** Called with the editor's html, tags normalised to what the feed keeps, on every change. */
  onChange: (html: string) => void;
  helperText?: string;
  error?: string;
}

/**
 * A light rich-text editor (decision 0023): a contentEditable area, a toolbar of the formatting the content feed keeps
 * (bold, italic, heading, lists, links), keyboard shortcuts, and the formatting state as aria-pressed. The server cleans
 * the html with the feed's rules whatever the editor sends.
 */
export function RichTextEditor({ label, initialHtml, onChange, helperText, error }: RichTextEditorProps) {
  const { t } = useTranslation('staff-content');
  const labelId = useId();
  const helperId = useId();
  const areaRef = useRef<HTMLDivElement>(null);
  const toolRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const savedRange = useRef<Range | null>(null);
  const [active, setActive] = useState<Record<Command, boolean>>(() => ({
    bold: false,
    italic: false,
    heading: false,
    bulleted: false,
    numbered: false,
    link: false,
    unlink: false,
  }));
  const [focusedTool, setFocusedTool] = useState(0);
  const [linkDialog, setLinkDialog] = useState<{ href: string } | null>(null);

  // Before the first paint, so that the area never shows empty first.
  useLayoutEffect(() => {
    if (areaRef.current) areaRef.current.innerHTML = initialHtml;
  }, [initialHtml]);

  const refreshState = useCallback(() => {
    if (areaRef.current) setActive(selectionState(areaRef.current));
  }, []);

  useEffect(() => {
    document.addEventListener('selectionchange', refreshState);
    return () => document.removeEventListener('selectionchange', refreshState);
  }, [refreshState]);

  const emit = () => {
    if (areaRef.current) onChange(normalizeEditorHtml(areaRef.current.innerHTML));
    refreshState();
  };

  const restoreSelection = () => {
    const area = areaRef.current;
    if (!area) return;
    area.focus();
    const range = savedRange.current;
    if (range && area.contains(range.commonAncestorContainer)) {
      const selection = document.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    }
  };

  function run(command: Command) {
    restoreSelection();
    const state = areaRef.current ? selectionState(areaRef.current) : active;
    // execCommand is deprecated but is what every browser still implements for contentEditable; no library needed.
    switch (command) {
      case 'bold':
        document.execCommand('bold');
        break;
      case 'italic':
        document.execCommand('italic');
        break;
      case 'heading':
        document.execCommand('formatBlock', false, state.heading ? 'p' : 'h3');
        break;
      case 'bulleted':
        document.execCommand('insertUnorderedList');
        break;
      case 'numbered':
        document.execCommand('insertOrderedList');
        break;
      case 'link': {
        const selection = document.getSelection();
        savedRange.current = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
        const element =
          selection?.anchorNode instanceof Element ? selection.anchorNode : selection?.anchorNode?.parentElement;
        setLinkDialog({ href: element?.closest('a')?.getAttribute('href') ?? '' });
        return;
      }
      case 'unlink':
        document.execCommand('unlink');
        break;
    }
    emit();
  }

  function insertLink(href: string) {
    setLinkDialog(null);
    restoreSelection();
    const selection = document.getSelection();
    if (selection?.isCollapsed)
      document.execCommand(
        'insertHTML',
        false,
        `<a href="${href.replace(/"/g, '&quot;')}">${href.replace(/</g, '&lt;')}</a>`,
      );
    else document.execCommand('createLink', false, href);
    emit();
  }

  function onAreaKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const tool = tools.find((candidate) => matchesShortcut(event, candidate.shortcut));
    if (!tool) return;
    event.preventDefault();
    savedRange.current = null;
    run(tool.command);
  }

  function onToolbarKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      Home: -focusedTool,
      End: tools.length - 1 - focusedTool,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = (focusedTool + move + tools.length) % tools.length;
    setFocusedTool(next);
    toolRefs.current[next]?.focus();
  }

  const rememberSelection = () => {
    const selection = document.getSelection();
    if (selection && selection.rangeCount > 0 && areaRef.current?.contains(selection.anchorNode))
      savedRange.current = selection.getRangeAt(0).cloneRange();
  };

  return (
    <Box>
      <Typography id={labelId} component="span" variant="body2" sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'grey.500',
          borderRadius: 1,
          '&:focus-within': {
            borderColor: error ? 'error.main' : 'primary.main',
            boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}`,
          },
        }}
      >
        <Box
          role="toolbar"
          aria-label={t('editor.toolbar', { label })}
          onKeyDown={onToolbarKeyDown}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 0.5,
            p: 0.5,
            borderBottom: 1,
            borderColor: 'divider',
            bgcolor: 'action.hover',
          }}
        >
          {tools.map((tool, index) => (
            <IconButton
              key={tool.command}
              // A hint on hover; keyboard and screen-reader users get the shortcut from aria-keyshortcuts and the help.
              title={`${t(`editor.${tool.command}`)} (${tool.shortcut.replace('Control', 'Ctrl')})`}
              ref={(element) => {
                toolRefs.current[index] = element;
              }}
              size="small"
              tabIndex={index === focusedTool ? 0 : -1}
              aria-label={t(`editor.${tool.command}`)}
              aria-pressed={tool.isToggle ? active[tool.command] : undefined}
              aria-keyshortcuts={tool.shortcut}
              // Keeps the caret where it is in the text: a click on a button would otherwise take the focus away.
              onMouseDown={(event) => event.preventDefault()}
              onFocus={() => setFocusedTool(index)}
              onClick={() => run(tool.command)}
              sx={[active[tool.command] && tool.isToggle && { bgcolor: 'action.selected', color: 'primary.dark' }]}
            >
              {tool.icon}
            </IconButton>
          ))}
        </Box>
        <Box
          ref={areaRef}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={helperId}
          aria-invalid={error ? true : undefined}
          contentEditable
          suppressContentEditableWarning
          tabIndex={0}
          onInput={emit}
          onKeyDown={onAreaKeyDown}
          onKeyUp={rememberSelection}
          onMouseUp={rememberSelection}
          onBlur={rememberSelection}
          sx={{
            minHeight: 200,
            maxHeight: 480,
            overflowY: 'auto',
            p: 1.5,
            outline: 'none',
            overflowWrap: 'anywhere',
            '& > :first-of-type': { mt: 0 },
            '& p, & ul, & ol': { my: 1 },
            '& h2, & h3, & h4': { mt: 2, mb: 1, fontSize: '1.05rem' },
            '& a': { color: 'primary.main', fontWeight: 600 },
          }}
        />
      </Box>
      <FormHelperText id={helperId} error={Boolean(error)}>
        {error ?? helperText ?? t('editor.help')}
      </FormHelperText>
      {linkDialog ? (
        <LinkDialog
          initialHref={linkDialog.href}
          onCancel={() => {
            setLinkDialog(null);
            restoreSelection();
          }}
          onConfirm={insertLink}
        />
      ) : null}
    </Box>
  );
}

/*
 * The least a signed-in list screen can be on the design card's packages, with none of the app's
 * own code: React DOM, the router, MobX, inversify, i18next, ofetch, and the Fluent parts any list
 * page shows (provider with both themes, toolbar, search box, theme switch, table with selection,
 * badges, tooltips, a row menu, a per-page dropdown, a spinner). The budget stage builds it as one
 * minified bundle and prints its gzip size beside the signed-in figure: the floor under any target.
 */
import 'reflect-metadata/lite';
import { createRoot } from 'react-dom/client';
import {
  BrowserRouter,
  Link,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
import { makeAutoObservable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { Container, injectable } from 'inversify';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { ofetch } from 'ofetch';
import {
  Badge,
  Button,
  Checkbox,
  Dropdown,
  FluentProvider,
  Input,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Option,
  Spinner,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Toolbar,
  ToolbarButton,
  Tooltip,
  makeStyles,
  tokens,
  webDarkTheme,
  webLightTheme,
} from '@fluentui/react-components';

@injectable()
class Rows {
  items: string[] = [];
  dark = false;
  constructor() {
    makeAutoObservable(this);
  }
  async load(): Promise<void> {
    const items = await ofetch<string[]>('/api/rows');
    runInAction(() => {
      this.items = items;
    });
  }
}

const container = new Container();
container.bind(Rows).toSelf().inSingletonScope();
void i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
const useStyles = makeStyles({ page: { padding: tokens.spacingHorizontalL } });

const List = observer(function List() {
  const rows = container.get(Rows);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { id } = useParams();
  const [search] = useSearchParams();
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <Toolbar>
        <ToolbarButton onClick={() => void rows.load()}>{t('refresh')}</ToolbarButton>
      </Toolbar>
      <Input aria-label="search" defaultValue={search.get('q') ?? ''} />
      <Switch checked={rows.dark} onChange={() => runInAction(() => (rows.dark = !rows.dark))} />
      <Dropdown aria-label="per page">
        <Option>20</Option>
      </Dropdown>
      <Spinner />
      <Table>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>
              <Checkbox aria-label="all" />
            </TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.items.map((item) => (
            <TableRow key={item}>
              <TableCell>
                <Tooltip content={item} relationship="label">
                  <Badge>{item}</Badge>
                </Tooltip>
                <Link to={`/rows/${item}`}>{location.pathname + (id ?? '')}</Link>
                <Menu>
                  <MenuTrigger>
                    <Button onClick={() => navigate('/rows')}>…</Button>
                  </MenuTrigger>
                  <MenuPopover>
                    <MenuList>
                      <MenuItem>{t('edit')}</MenuItem>
                    </MenuList>
                  </MenuPopover>
                </Menu>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
});

const App = observer(function App() {
  return (
    <FluentProvider theme={container.get(Rows).dark ? webDarkTheme : webLightTheme}>
      <BrowserRouter>
        <Routes>
          <Route path="/rows/:id?" element={<List />} />
          <Route path="*" element={<Navigate to="/rows" />} />
        </Routes>
      </BrowserRouter>
    </FluentProvider>
  );
});

const host = document.getElementById('root');
if (host) createRoot(host).render(<App />);

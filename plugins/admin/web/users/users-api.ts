import { USERS_RESOURCE } from '@core/sdk/shared';
import { ResourceApi, type HttpClients } from '@core/sdk/web';

/**
 * The users list's calls: the engine's calls of the core's users resource (`GET users` is its
 * list, with every filter, order, export, history and revert), except that a delete is the auth
 * service's own `DELETE users/{id}/delete`, the call the admin screens have always made. Both
 * deletes run the same rules on the server (sessions ended, yourself refused).
 */
export class UsersListApi extends ResourceApi {
  private readonly auth;

  constructor(clients: Pick<HttpClients, 'get'>) {
    super(USERS_RESOURCE, clients);
    this.auth = clients.get('auth');
  }

  override async remove(id: number): Promise<void> {
    await this.auth.delete(`users/${id}/delete`, { silent: true });
  }
}

import { ContainerModule, type BindToFluentSyntax } from 'inversify';

/** `syntax`, except that a constant it binds is first told to `claim`. */
function claiming<T>(syntax: BindToFluentSyntax<T>, claim: (value: object) => void): BindToFluentSyntax<T> {
  return new Proxy(syntax, {
    get(target, key) {
      if (key === 'toConstantValue') {
        return (value: T) => {
          if (typeof value === 'object' && value !== null) claim(value);
          return target.toConstantValue(value);
        };
      }
      const member: unknown = Reflect.get(target, key);
      // Inversify's fluent syntax keeps its state in private fields: its methods must run on the target.
      return typeof member === 'function' ? member.bind(target) : member;
    },
  });
}

/**
 * The plugin's ContainerModule, binding what it binds, while every constant it binds (its slot
 * items among them) is told to `claim`: a slot item that throws can then name the plugin it came
 * from, whichever slot it fills.
 */
export function ownedModule(module: ContainerModule, claim: (value: object) => void): ContainerModule {
  return new ContainerModule((options) =>
    module.load({ ...options, bind: (serviceIdentifier) => claiming(options.bind(serviceIdentifier), claim) }),
  );
}

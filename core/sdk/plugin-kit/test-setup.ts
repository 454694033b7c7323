// inversify's decorators read and write metadata through Reflect, in node and happy-dom alike.
import 'reflect-metadata';
